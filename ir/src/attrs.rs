//! Attributes of functions, parameters, return values and call sites.
//!
//! The IR interprets only a few attributes (`convergent`, `alwaysinline`,
//! `noinline`, memory effects, ...). All others are carried verbatim so they
//! print back unchanged. Sets are kept in LLVM's canonical order (by kind:
//! enum attributes, then type, integer and range ones, each group ordered as
//! LLVM numbers its kinds; then string attributes by key), which makes equal
//! sets compare equal, keeps printing a fixpoint and prints them as opt-22
//! does.

use crate::types::{Type, TypeTable};
use std::fmt::{self, Write};

/// One attribute.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Attr {
    /// A keyword: `nounwind`, `convergent`, `noundef`, ...
    Flag(Box<str>),
    /// A keyword with an integer: `align 8`, `alignstack(16)`, `dereferenceable(4)`.
    Int(Box<str>, u64),
    /// A keyword with a type: `byval(%T)`, `sret(i32)`, `elementtype(i8)`.
    Type(Box<str>, Type),
    /// A keyword with a parenthesised payload kept as text: `memory(read)`,
    /// `captures(none)`, `range(i32 0, 4)`, `allocsize(0,1)`, `uwtable(sync)`.
    Paren(Box<str>, Box<str>),
    /// A string attribute `"key"` or `"key"="value"`.
    Str(Box<str>, Option<Box<str>>),
}

impl Attr {
    /// The keyword or string key.
    pub fn key(&self) -> &str {
        match self {
            Attr::Flag(k) | Attr::Int(k, _) | Attr::Type(k, _) | Attr::Paren(k, _) | Attr::Str(k, _) => k,
        }
    }

    /// Where LLVM puts the attribute in a set: its kind's number, which
    /// orders enum attributes, then type, integer, range and range-list
    /// ones, each group by the name of its kind in LLVM's attribute table
    /// (`noundef` is `NoUndef`, before `NonNull`; `signext` is `SExt`);
    /// string attributes come last, by key. A keyword LLVM does not know
    /// goes after the known ones of its group.
    fn order_key(&self) -> (u8, &'static str, &str) {
        if let Attr::Str(k, _) = self {
            return (GROUP_STRING, "", k);
        }
        let key = self.key();
        match KINDS.binary_search_by(|(kw, _, _)| (*kw).cmp(key)) {
            Ok(i) => (KINDS[i].1, KINDS[i].2, ""),
            Err(_) => {
                let group = match self {
                    Attr::Flag(_) => GROUP_ENUM,
                    Attr::Type(..) => GROUP_TYPE,
                    _ => GROUP_INT,
                };
                (group, "\u{7f}", key)
            }
        }
    }

    /// Integer-payload attributes that LLVM writes as `key=N` inside an
    /// attribute group and `key(N)` or `key N` inline.
    fn int_style(key: &str) -> IntStyle {
        match key {
            "align" => IntStyle::Space,
            _ => IntStyle::Paren,
        }
    }
}

const GROUP_ENUM: u8 = 0;
const GROUP_TYPE: u8 = 1;
const GROUP_INT: u8 = 2;
const GROUP_RANGE: u8 = 3;
const GROUP_RANGE_LIST: u8 = 4;
const GROUP_STRING: u8 = 5;

/// LLVM 22's attribute kinds: keyword (the table is sorted by it), group,
/// and the kind's name, which orders a group.
#[rustfmt::skip]
static KINDS: &[(&str, u8, &str)] = &[
    ("align", GROUP_INT, "Alignment"),
    ("alignstack", GROUP_INT, "StackAlignment"),
    ("allocalign", GROUP_ENUM, "AllocAlign"),
    ("allockind", GROUP_INT, "AllocKind"),
    ("allocptr", GROUP_ENUM, "AllocatedPointer"),
    ("allocsize", GROUP_INT, "AllocSize"),
    ("alwaysinline", GROUP_ENUM, "AlwaysInline"),
    ("builtin", GROUP_ENUM, "Builtin"),
    ("byref", GROUP_TYPE, "ByRef"),
    ("byval", GROUP_TYPE, "ByVal"),
    ("captures", GROUP_INT, "Captures"),
    ("cold", GROUP_ENUM, "Cold"),
    ("convergent", GROUP_ENUM, "Convergent"),
    ("coro_elide_safe", GROUP_ENUM, "CoroElideSafe"),
    ("coro_only_destroy_when_complete", GROUP_ENUM, "CoroDestroyOnlyWhenComplete"),
    ("dead_on_return", GROUP_ENUM, "DeadOnReturn"),
    ("dead_on_unwind", GROUP_ENUM, "DeadOnUnwind"),
    ("dereferenceable", GROUP_INT, "Dereferenceable"),
    ("dereferenceable_or_null", GROUP_INT, "DereferenceableOrNull"),
    ("disable_sanitizer_instrumentation", GROUP_ENUM, "DisableSanitizerInstrumentation"),
    ("elementtype", GROUP_TYPE, "ElementType"),
    ("fn_ret_thunk_extern", GROUP_ENUM, "FnRetThunkExtern"),
    ("hot", GROUP_ENUM, "Hot"),
    ("hybrid_patchable", GROUP_ENUM, "HybridPatchable"),
    ("immarg", GROUP_ENUM, "ImmArg"),
    ("inalloca", GROUP_TYPE, "InAlloca"),
    ("initializes", GROUP_RANGE_LIST, "Initializes"),
    ("inlinehint", GROUP_ENUM, "InlineHint"),
    ("inreg", GROUP_ENUM, "InReg"),
    ("jumptable", GROUP_ENUM, "JumpTable"),
    ("memory", GROUP_INT, "Memory"),
    ("minsize", GROUP_ENUM, "MinSize"),
    ("mustprogress", GROUP_ENUM, "MustProgress"),
    ("naked", GROUP_ENUM, "Naked"),
    ("nest", GROUP_ENUM, "Nest"),
    ("noalias", GROUP_ENUM, "NoAlias"),
    ("nobuiltin", GROUP_ENUM, "NoBuiltin"),
    ("nocallback", GROUP_ENUM, "NoCallback"),
    ("nocf_check", GROUP_ENUM, "NoCfCheck"),
    ("nocreateundeforpoison", GROUP_ENUM, "NoCreateUndefOrPoison"),
    ("nodivergencesource", GROUP_ENUM, "NoDivergenceSource"),
    ("noduplicate", GROUP_ENUM, "NoDuplicate"),
    ("noext", GROUP_ENUM, "NoExt"),
    ("nofpclass", GROUP_INT, "NoFPClass"),
    ("nofree", GROUP_ENUM, "NoFree"),
    ("noimplicitfloat", GROUP_ENUM, "NoImplicitFloat"),
    ("noinline", GROUP_ENUM, "NoInline"),
    ("nomerge", GROUP_ENUM, "NoMerge"),
    ("nonlazybind", GROUP_ENUM, "NonLazyBind"),
    ("nonnull", GROUP_ENUM, "NonNull"),
    ("noprofile", GROUP_ENUM, "NoProfile"),
    ("norecurse", GROUP_ENUM, "NoRecurse"),
    ("noredzone", GROUP_ENUM, "NoRedZone"),
    ("noreturn", GROUP_ENUM, "NoReturn"),
    ("nosanitize_bounds", GROUP_ENUM, "NoSanitizeBounds"),
    ("nosanitize_coverage", GROUP_ENUM, "NoSanitizeCoverage"),
    ("nosync", GROUP_ENUM, "NoSync"),
    ("noundef", GROUP_ENUM, "NoUndef"),
    ("nounwind", GROUP_ENUM, "NoUnwind"),
    ("null_pointer_is_valid", GROUP_ENUM, "NullPointerIsValid"),
    ("optdebug", GROUP_ENUM, "OptimizeForDebugging"),
    ("optforfuzzing", GROUP_ENUM, "OptForFuzzing"),
    ("optnone", GROUP_ENUM, "OptimizeNone"),
    ("optsize", GROUP_ENUM, "OptimizeForSize"),
    ("preallocated", GROUP_TYPE, "Preallocated"),
    ("presplitcoroutine", GROUP_ENUM, "PresplitCoroutine"),
    ("range", GROUP_RANGE, "Range"),
    ("readnone", GROUP_ENUM, "ReadNone"),
    ("readonly", GROUP_ENUM, "ReadOnly"),
    ("returned", GROUP_ENUM, "Returned"),
    ("returns_twice", GROUP_ENUM, "ReturnsTwice"),
    ("safestack", GROUP_ENUM, "SafeStack"),
    ("sanitize_address", GROUP_ENUM, "SanitizeAddress"),
    ("sanitize_alloc_token", GROUP_ENUM, "SanitizeAllocToken"),
    ("sanitize_hwaddress", GROUP_ENUM, "SanitizeHWAddress"),
    ("sanitize_memory", GROUP_ENUM, "SanitizeMemory"),
    ("sanitize_memtag", GROUP_ENUM, "SanitizeMemTag"),
    ("sanitize_numerical_stability", GROUP_ENUM, "SanitizeNumericalStability"),
    ("sanitize_realtime", GROUP_ENUM, "SanitizeRealtime"),
    ("sanitize_realtime_blocking", GROUP_ENUM, "SanitizeRealtimeBlocking"),
    ("sanitize_thread", GROUP_ENUM, "SanitizeThread"),
    ("sanitize_type", GROUP_ENUM, "SanitizeType"),
    ("shadowcallstack", GROUP_ENUM, "ShadowCallStack"),
    ("signext", GROUP_ENUM, "SExt"),
    ("skipprofile", GROUP_ENUM, "SkipProfile"),
    ("speculatable", GROUP_ENUM, "Speculatable"),
    ("speculative_load_hardening", GROUP_ENUM, "SpeculativeLoadHardening"),
    ("sret", GROUP_TYPE, "StructRet"),
    ("ssp", GROUP_ENUM, "StackProtect"),
    ("sspreq", GROUP_ENUM, "StackProtectReq"),
    ("sspstrong", GROUP_ENUM, "StackProtectStrong"),
    ("strictfp", GROUP_ENUM, "StrictFP"),
    ("swiftasync", GROUP_ENUM, "SwiftAsync"),
    ("swifterror", GROUP_ENUM, "SwiftError"),
    ("swiftself", GROUP_ENUM, "SwiftSelf"),
    ("uwtable", GROUP_INT, "UWTable"),
    ("vscale_range", GROUP_INT, "VScaleRange"),
    ("willreturn", GROUP_ENUM, "WillReturn"),
    ("writable", GROUP_ENUM, "Writable"),
    ("writeonly", GROUP_ENUM, "WriteOnly"),
    ("zeroext", GROUP_ENUM, "ZExt"),
];

enum IntStyle {
    Space,
    Paren,
}

/// An ordered set of attributes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct AttrSet {
    attrs: Vec<Attr>,
}

impl AttrSet {
    /// The empty set.
    pub fn new() -> Self {
        AttrSet { attrs: Vec::new() }
    }
    /// True if empty.
    pub fn is_empty(&self) -> bool {
        self.attrs.is_empty()
    }
    /// Attributes in canonical order.
    pub fn iter(&self) -> std::slice::Iter<'_, Attr> {
        self.attrs.iter()
    }
    /// Adds `a`, replacing any attribute with the same key. A string
    /// attribute with an empty value is the one without (LLVM stores and
    /// prints `"k"=""` as `"k"`).
    pub fn insert(&mut self, a: Attr) {
        let a = match a {
            Attr::Str(k, Some(v)) if v.is_empty() => Attr::Str(k, None),
            a => a,
        };
        let key = a.key().to_owned();
        let is_str = matches!(a, Attr::Str(..));
        self.attrs.retain(|b| b.key() != key || matches!(b, Attr::Str(..)) != is_str);
        let pos = self.attrs.partition_point(|b| b.order_key() < a.order_key());
        self.attrs.insert(pos, a);
    }
    /// Adds every attribute of `other`.
    pub fn extend(&mut self, other: &AttrSet) {
        for a in &other.attrs {
            self.insert(a.clone());
        }
    }
    /// Removes the keyword or string attribute `key`; returns whether it was present.
    pub fn remove(&mut self, key: &str) -> bool {
        let n = self.attrs.len();
        self.attrs.retain(|a| a.key() != key);
        n != self.attrs.len()
    }
    /// Whether the non-string attribute `key` is present.
    pub fn has(&self, key: &str) -> bool {
        self.attrs.iter().any(|a| !matches!(a, Attr::Str(..)) && a.key() == key)
    }
    /// Whether the string attribute `key` is present.
    pub fn has_str(&self, key: &str) -> bool {
        self.attrs.iter().any(|a| matches!(a, Attr::Str(..)) && a.key() == key)
    }
    /// The value of string attribute `key`.
    pub fn get_str(&self, key: &str) -> Option<&str> {
        self.attrs.iter().find_map(|a| match a {
            Attr::Str(k, v) if &**k == key => Some(v.as_deref().unwrap_or("")),
            _ => None,
        })
    }
    /// The integer payload of `key`.
    pub fn get_int(&self, key: &str) -> Option<u64> {
        self.attrs.iter().find_map(|a| match a {
            Attr::Int(k, v) if &**k == key => Some(*v),
            _ => None,
        })
    }
    /// The parenthesised payload of `key`.
    pub fn get_paren(&self, key: &str) -> Option<&str> {
        self.attrs.iter().find_map(|a| match a {
            Attr::Paren(k, v) if &**k == key => Some(&**v),
            _ => None,
        })
    }

    /// Memory effects implied by the set: `memory(...)` or the older
    /// `readnone`/`readonly`/`writeonly` keywords.
    pub fn memory(&self) -> MemoryEffects {
        if let Some(m) = self.get_paren("memory") {
            return MemoryEffects::parse(m);
        }
        if self.has("readnone") {
            MemoryEffects::None
        } else if self.has("readonly") {
            MemoryEffects::ReadOnly
        } else if self.has("writeonly") {
            MemoryEffects::WriteOnly
        } else {
            MemoryEffects::Unknown
        }
    }

    /// Writes the attributes inline (`noundef align 8 byval(%T)`), space separated.
    pub fn write_inline(&self, out: &mut impl Write, types: &TypeTable) -> fmt::Result {
        for (i, a) in self.attrs.iter().enumerate() {
            if i > 0 {
                out.write_char(' ')?;
            }
            write_attr(out, a, types, false)?;
        }
        Ok(())
    }

    /// Writes the non-string attributes inline, space separated.
    pub fn write_inline_without_strings(&self, out: &mut impl Write, types: &TypeTable) -> fmt::Result {
        for (i, a) in self.attrs.iter().filter(|a| !matches!(a, Attr::Str(..))).enumerate() {
            if i > 0 {
                out.write_char(' ')?;
            }
            write_attr(out, a, types, false)?;
        }
        Ok(())
    }

    /// Writes the attributes as in an `attributes #N = { ... }` group body.
    pub fn write_group(&self, out: &mut impl Write, types: &TypeTable) -> fmt::Result {
        for (i, a) in self.attrs.iter().enumerate() {
            if i > 0 {
                out.write_char(' ')?;
            }
            write_attr(out, a, types, true)?;
        }
        Ok(())
    }
}

fn write_attr(out: &mut impl Write, a: &Attr, types: &TypeTable, group: bool) -> fmt::Result {
    match a {
        Attr::Flag(k) => out.write_str(k),
        Attr::Int(k, v) => match (group, Attr::int_style(k)) {
            (true, _) => write!(out, "{k}={v}"),
            (false, IntStyle::Space) => write!(out, "{k} {v}"),
            (false, IntStyle::Paren) => write!(out, "{k}({v})"),
        },
        Attr::Type(k, t) => {
            write!(out, "{k}(")?;
            types.write(out, *t)?;
            out.write_char(')')
        }
        Attr::Paren(k, v) => write!(out, "{k}({v})"),
        Attr::Str(k, v) => {
            // LLVM prints the key as it is, unescaped; only the value is
            // escaped.
            write!(out, "\"{k}\"")?;
            if let Some(v) = v {
                out.write_char('=')?;
                crate::text::names::write_quoted(out, v.as_bytes())?;
            }
            Ok(())
        }
    }
}

/// Coarse memory effects of a function or call.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MemoryEffects {
    /// Touches no memory.
    None,
    /// Only reads.
    ReadOnly,
    /// Only writes.
    WriteOnly,
    /// Reads or writes only memory reachable from pointer arguments.
    ArgMemOnly,
    /// Nothing is known.
    Unknown,
}

impl MemoryEffects {
    fn parse(s: &str) -> Self {
        let s = s.trim();
        match s {
            "none" => MemoryEffects::None,
            "read" => MemoryEffects::ReadOnly,
            "write" => MemoryEffects::WriteOnly,
            _ => {
                // `argmem: readwrite`, `inaccessiblemem: read, argmem: none`, ...
                let mut any_write = false;
                let mut any_read = false;
                let mut only_arg = true;
                for part in s.split(',') {
                    let (loc, eff) = match part.split_once(':') {
                        Some((l, e)) => (l.trim(), e.trim()),
                        None => ("", part.trim()),
                    };
                    if eff == "none" {
                        continue;
                    }
                    if loc != "argmem" {
                        only_arg = false;
                    }
                    any_read |= eff == "read" || eff == "readwrite";
                    any_write |= eff == "write" || eff == "readwrite";
                }
                match (any_read, any_write, only_arg) {
                    (false, false, _) => MemoryEffects::None,
                    (_, _, true) => MemoryEffects::ArgMemOnly,
                    (true, false, _) => MemoryEffects::ReadOnly,
                    (false, true, _) => MemoryEffects::WriteOnly,
                    _ => MemoryEffects::Unknown,
                }
            }
        }
    }

    /// True if no memory is written.
    pub fn only_reads(self) -> bool {
        matches!(self, MemoryEffects::None | MemoryEffects::ReadOnly)
    }
}

/// The `memory(...)` attribute of LLVM 22: read/write effects per memory
/// location. Bit 0 is read (ref), bit 1 is write (mod).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MemoryLocations {
    /// `argmem`, `inaccessiblemem`, `errnomem`, and everything else.
    effects: [u8; 4],
}

const LOCATIONS: [&str; 3] = ["argmem", "inaccessiblemem", "errnomem"];
const OTHER: usize = 3;
const MODREF: [&str; 4] = ["none", "read", "write", "readwrite"];

impl MemoryLocations {
    /// No restriction.
    pub const UNKNOWN: MemoryLocations = MemoryLocations { effects: [3; 4] };

    /// Parses a `memory(...)` payload; `None` for locations we do not know.
    pub fn parse(payload: &str) -> Option<MemoryLocations> {
        // Locations not mentioned get the unlabelled default, else `none`.
        let mut effects = [0u8; 4];
        let mut default_seen = false;
        for part in payload.split(',') {
            let (loc, eff) = match part.split_once(':') {
                Some((l, e)) => (Some(l.trim()), e.trim()),
                None => (None, part.trim()),
            };
            let mr = MODREF.iter().position(|m| *m == eff)? as u8;
            match loc {
                None if !default_seen => {
                    // LLVM requires the default first.
                    effects = [mr; 4];
                    default_seen = true;
                }
                None => return None,
                Some(l) => effects[LOCATIONS.iter().position(|x| *x == l)?] = mr,
            }
        }
        Some(MemoryLocations { effects })
    }

    /// The effects the legacy keyword `kw` allows, if it is one.
    fn legacy(kw: &str) -> Option<MemoryLocations> {
        let only = |loc: &[usize]| {
            let mut effects = [0u8; 4];
            for &l in loc {
                effects[l] = 3;
            }
            MemoryLocations { effects }
        };
        Some(match kw {
            "readnone" => MemoryLocations { effects: [0; 4] },
            "readonly" => MemoryLocations { effects: [1; 4] },
            "writeonly" => MemoryLocations { effects: [2; 4] },
            "argmemonly" => only(&[0]),
            "inaccessiblememonly" => only(&[1]),
            "inaccessiblemem_or_argmemonly" => only(&[0, 1]),
            _ => return None,
        })
    }

    /// Whether any location may be read.
    pub fn may_read(self) -> bool {
        self.effects.iter().any(|e| e & 1 != 0)
    }

    /// Whether any location may be written.
    pub fn may_write(self) -> bool {
        self.effects.iter().any(|e| e & 2 != 0)
    }

    /// Whether memory other than what the pointer arguments point to (and
    /// memory inaccessible to the module) may be written.
    pub fn may_write_beyond_args(self) -> bool {
        self.effects[2] & 2 != 0 || self.effects[OTHER] & 2 != 0
    }

    /// Whether memory the pointer arguments point to may be written.
    pub fn may_write_args(self) -> bool {
        self.effects[0] & 2 != 0
    }

    /// The effects of an attribute set's `memory(...)`, or everything if it has none.
    pub fn of(attrs: &AttrSet) -> MemoryLocations {
        attrs.get_paren("memory").and_then(MemoryLocations::parse).unwrap_or(MemoryLocations::UNKNOWN)
    }

    /// Effects allowed by either (what a call standing for two calls may do).
    pub fn union(self, o: MemoryLocations) -> MemoryLocations {
        let mut effects = self.effects;
        for (e, o) in effects.iter_mut().zip(o.effects) {
            *e |= o;
        }
        MemoryLocations { effects }
    }

    /// Effects allowed by both.
    pub fn intersect(self, o: MemoryLocations) -> MemoryLocations {
        let mut effects = self.effects;
        for (e, o) in effects.iter_mut().zip(o.effects) {
            *e &= o;
        }
        MemoryLocations { effects }
    }

    /// The canonical payload LLVM prints: the effect on other memory first
    /// (when it is not `none`, or when every location agrees), then each
    /// location that differs from it.
    pub fn render(self) -> String {
        let other = self.effects[OTHER];
        let mut out = String::new();
        if other != 0 || self.effects.iter().all(|&e| e == other) {
            out.push_str(MODREF[other as usize]);
        }
        for (i, loc) in LOCATIONS.iter().enumerate() {
            if self.effects[i] != other {
                if !out.is_empty() {
                    out.push_str(", ");
                }
                out.push_str(loc);
                out.push_str(": ");
                out.push_str(MODREF[self.effects[i] as usize]);
            }
        }
        out
    }
}

impl AttrSet {
    /// Rewrites function attributes as LLVM 22 reads them: the legacy
    /// `readnone`/`readonly`/`writeonly`/`argmemonly`/`inaccessiblememonly`/
    /// `inaccessiblemem_or_argmemonly` keywords become one `memory(...)`
    /// (replacing any written one), and `memory(...)` is printed canonically.
    pub fn upgrade_fn_attrs(&mut self) {
        let mut legacy: Option<MemoryLocations> = None;
        for kw in
            ["readnone", "readonly", "writeonly", "argmemonly", "inaccessiblememonly", "inaccessiblemem_or_argmemonly"]
        {
            if self.has(kw) {
                self.remove(kw);
                let l = MemoryLocations::legacy(kw).expect("legacy keyword");
                legacy = Some(legacy.map_or(l, |m| m.intersect(l)));
            }
        }
        let memory = match legacy {
            Some(m) if m == MemoryLocations::UNKNOWN => {
                self.remove("memory");
                return;
            }
            Some(m) => m,
            None => match self.get_paren("memory").and_then(MemoryLocations::parse) {
                Some(m) => m,
                None => return,
            },
        };
        self.remove("memory");
        self.insert(Attr::Paren("memory".into(), memory.render().into()));
    }

    /// Rewrites parameter attributes as LLVM 22 reads them: `nocapture` is
    /// `captures(none)`.
    pub fn upgrade_param_attrs(&mut self) {
        if self.has("nocapture") {
            self.remove("nocapture");
            if self.get_paren("captures").is_none() {
                self.insert(Attr::Paren("captures".into(), "none".into()));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn upgraded(attrs: &[&str]) -> Option<String> {
        let mut s = AttrSet::new();
        for a in attrs {
            match a.split_once('(') {
                Some((k, rest)) => s.insert(Attr::Paren(k.into(), rest.trim_end_matches(')').into())),
                None => s.insert(Attr::Flag((*a).into())),
            }
        }
        s.upgrade_fn_attrs();
        s.get_paren("memory").map(str::to_owned)
    }

    /// What opt-22 prints for legacy and explicit memory attributes.
    #[test]
    fn memory_attributes_upgrade_like_llvm() {
        assert_eq!(upgraded(&["readnone"]).as_deref(), Some("none"));
        assert_eq!(upgraded(&["readonly", "argmemonly"]).as_deref(), Some("argmem: read"));
        assert_eq!(upgraded(&["writeonly", "inaccessiblememonly"]).as_deref(), Some("inaccessiblemem: write"));
        assert_eq!(
            upgraded(&["inaccessiblemem_or_argmemonly"]).as_deref(),
            Some("argmem: readwrite, inaccessiblemem: readwrite")
        );
        assert_eq!(upgraded(&["readonly", "memory(argmem: readwrite)"]).as_deref(), Some("read"));
        assert_eq!(upgraded(&["memory(read, argmem: readwrite)"]).as_deref(), Some("read, argmem: readwrite"));
        assert_eq!(
            upgraded(&["memory(errnomem: write, argmem: read)"]).as_deref(),
            Some("argmem: read, errnomem: write")
        );
        assert_eq!(upgraded(&["memory(readwrite)"]).as_deref(), Some("readwrite"));
        assert_eq!(upgraded(&["memory(none, argmem: none)"]).as_deref(), Some("none"));
        assert_eq!(upgraded(&["nounwind"]), None);
        let mut p = AttrSet::new();
        p.insert(Attr::Flag("nocapture".into()));
        p.upgrade_param_attrs();
        assert_eq!(p.get_paren("captures"), Some("none"));
        assert!(!p.has("nocapture"));
    }

    #[test]
    fn canonical_order_and_printing() {
        let t = TypeTable::new();
        let mut s = AttrSet::new();
        s.insert(Attr::Str("foo".into(), Some("bar".into())));
        s.insert(Attr::Paren("memory".into(), "none".into()));
        s.insert(Attr::Flag("nounwind".into()));
        s.insert(Attr::Flag("convergent".into()));
        s.insert(Attr::Int("alignstack".into(), 16));
        let mut g = String::new();
        s.write_group(&mut g, &t).unwrap();
        assert_eq!(g, "convergent nounwind memory(none) alignstack=16 \"foo\"=\"bar\"");
        let mut i = String::new();
        s.write_inline(&mut i, &t).unwrap();
        assert_eq!(i, "convergent nounwind memory(none) alignstack(16) \"foo\"=\"bar\"");
        assert!(s.has("convergent"));
        assert_eq!(s.memory(), MemoryEffects::None);
        s.insert(Attr::Flag("convergent".into()));
        assert_eq!(s.iter().filter(|a| a.key() == "convergent").count(), 1);
    }

    /// The orders opt-22 prints, which follow LLVM's kind numbers, not the
    /// keywords: `noundef` (NoUndef) before `nonnull` (NonNull), type
    /// attributes before integer ones, `uwtable` (an integer kind) after
    /// `memory`, ranges after both, unknown keywords after known ones.
    #[test]
    fn llvm_kind_order() {
        let t = TypeTable::new();
        let print = |attrs: Vec<Attr>| {
            let mut s = AttrSet::new();
            for a in attrs {
                s.insert(a);
            }
            let mut out = String::new();
            s.write_inline(&mut out, &t).unwrap();
            out
        };
        let flag = |k: &str| Attr::Flag(k.into());
        assert_eq!(
            print(vec![
                Attr::Int("dereferenceable".into(), 16),
                Attr::Int("align".into(), 8),
                flag("nonnull"),
                flag("noundef")
            ]),
            "noundef nonnull align 8 dereferenceable(16)"
        );
        assert_eq!(
            print(vec![Attr::Int("align".into(), 4), Attr::Type("byval".into(), Type::I32), flag("noundef")]),
            "noundef byval(i32) align 4"
        );
        assert_eq!(
            print(vec![Attr::Paren("range".into(), "i32 0, 4".into()), flag("signext"), flag("noundef")]),
            "noundef signext range(i32 0, 4)"
        );
        assert_eq!(
            print(vec![flag("uwtable"), Attr::Paren("memory".into(), "none".into()), flag("nounwind")]),
            "nounwind memory(none) uwtable"
        );
        assert_eq!(
            print(vec![flag("zzz_unknown"), flag("zeroext"), flag("allocalign")]),
            "allocalign zeroext zzz_unknown"
        );
    }

    #[test]
    fn memory_effects() {
        assert_eq!(MemoryEffects::parse("argmem: readwrite"), MemoryEffects::ArgMemOnly);
        assert_eq!(MemoryEffects::parse("read"), MemoryEffects::ReadOnly);
        assert_eq!(MemoryEffects::parse("inaccessiblemem: write"), MemoryEffects::WriteOnly);
    }
}
