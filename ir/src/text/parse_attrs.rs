//! Attributes: function, parameter and return attributes, and attribute groups.

use super::lexer::Tok;
use super::parser::*;
use crate::attrs::{Attr, AttrSet};

impl<'a> Parser<'a> {
    /// Attribute keywords that take a type in parentheses.
    pub(crate) fn is_type_attr(w: &str) -> bool {
        matches!(w, "byval" | "byref" | "sret" | "inalloca" | "preallocated" | "elementtype")
    }

    /// Attribute keywords that take an integer in parentheses (or after a space for `align`).
    pub(crate) fn is_int_attr(w: &str) -> bool {
        matches!(w, "align" | "alignstack" | "dereferenceable" | "dereferenceable_or_null")
    }

    /// Keywords that may appear as function, parameter or return attributes.
    pub(crate) fn is_attr_keyword(w: &str) -> bool {
        matches!(
            w,
            "alwaysinline"
                | "builtin"
                | "cold"
                | "convergent"
                | "disable_sanitizer_instrumentation"
                | "fn_ret_thunk_extern"
                | "hot"
                | "hybrid_patchable"
                | "inlinehint"
                | "jumptable"
                | "minsize"
                | "mustprogress"
                | "naked"
                | "nobuiltin"
                | "nocallback"
                | "nocf_check"
                | "noduplicate"
                | "nofree"
                | "noimplicitfloat"
                | "noinline"
                | "nomerge"
                | "nonlazybind"
                | "noprofile"
                | "norecurse"
                | "noredzone"
                | "noreturn"
                | "nosanitize_bounds"
                | "nosanitize_coverage"
                | "nosync"
                | "nounwind"
                | "null_pointer_is_valid"
                | "optdebug"
                | "optforfuzzing"
                | "optnone"
                | "optsize"
                | "presplitcoroutine"
                | "readnone"
                | "readonly"
                | "returns_twice"
                | "safestack"
                | "sanitize_address"
                | "sanitize_hwaddress"
                | "sanitize_memory"
                | "sanitize_memtag"
                | "sanitize_thread"
                | "sanitize_numerical_stability"
                | "sanitize_realtime"
                | "sanitize_realtime_blocking"
                | "sanitize_type"
                | "shadowcallstack"
                | "skipprofile"
                | "speculatable"
                | "speculative_load_hardening"
                | "ssp"
                | "sspreq"
                | "sspstrong"
                | "strictfp"
                | "willreturn"
                | "writeonly"
                | "argmemonly"
                | "inaccessiblememonly"
                | "inaccessiblemem_or_argmemonly"
                | "nocreateundeforpoison"
                | "nodivergencesource"
                | "coro_only_destroy_when_complete"
                | "coro_elide_safe"
                | "no_sanitize_address"
                | "no_sanitize_hwaddress"
                | "sanitize_alloc_token"
                | "allocalign"
                | "allocptr"
                | "dead_on_unwind"
                | "dead_on_return"
                | "immarg"
                | "inreg"
                | "nest"
                | "noalias"
                | "nocapture"
                | "nofpclass_"
                | "nonnull"
                | "noundef"
                | "noext"
                | "returned"
                | "signext"
                | "swiftasync"
                | "swifterror"
                | "swiftself"
                | "writable"
                | "zeroext"
        )
    }

    /// Keywords with a parenthesised payload kept verbatim.
    pub(crate) fn is_paren_attr(w: &str) -> bool {
        matches!(
            w,
            "memory"
                | "captures"
                | "range"
                | "allocsize"
                | "vscale_range"
                | "nofpclass"
                | "uwtable"
                | "allockind"
                | "initializes"
                | "alloc_variant_zeroed"
                | "denormal_fpenv"
        )
    }

    /// Parses one attribute at the cursor into `set`. `group` selects the
    /// `key=N` spelling used inside attribute groups.
    pub(crate) fn parse_one_attr(&mut self, set: &mut AttrSet, group: bool) -> PResult<()> {
        let off = self.offset();
        match self.bump() {
            Tok::Str(k) => {
                // Kept as text: bytes that are not UTF-8 are refused rather
                // than replaced, which would change the attribute.
                let key = String::from_utf8(k.to_vec())
                    .map_err(|_| self.error_at(off, "attribute strings must be valid UTF-8"))?;
                if self.eat(&Tok::Equal) {
                    let voff = self.offset();
                    let v = self.parse_string("attribute value")?;
                    let v = String::from_utf8(v.to_vec())
                        .map_err(|_| self.error_at(voff, "attribute strings must be valid UTF-8"))?;
                    set.insert(Attr::Str(key.into(), Some(v.into())));
                } else {
                    set.insert(Attr::Str(key.into(), None));
                }
                Ok(())
            }
            Tok::Word(w) => {
                if Self::is_type_attr(w) {
                    if self.eat(&Tok::LParen) {
                        let t = self.parse_type()?;
                        self.expect(Tok::RParen, "')'")?;
                        set.insert(Attr::Type(w.into(), t));
                    } else {
                        set.insert(Attr::Flag(w.into()));
                    }
                    return Ok(());
                }
                if Self::is_int_attr(w) {
                    if group && matches!(w, "align" | "alignstack") && self.peek() != &Tok::Equal {
                        return self.err("expected '=' here");
                    }
                    if group && self.eat(&Tok::Equal) {
                        let v = self.parse_u64("integer")?;
                        set.insert(Attr::Int(w.into(), v));
                    } else if w == "align" || self.peek() == &Tok::LParen {
                        let v = if w == "align" || w == "alignstack" {
                            self.parse_align_value()?
                        } else {
                            self.expect(Tok::LParen, "'('")?;
                            let v = self.parse_u64("integer")?;
                            self.expect(Tok::RParen, "')'")?;
                            v
                        };
                        set.insert(Attr::Int(w.into(), v));
                    } else {
                        set.insert(Attr::Flag(w.into()));
                    }
                    return Ok(());
                }
                if Self::is_paren_attr(w) {
                    if self.peek() == &Tok::LParen {
                        let text = self.raw_parens()?;
                        match canonical_payload(w, &text) {
                            Some(text) => set.insert(Attr::Paren(w.into(), text.into())),
                            // `uwtable(async)` is plain `uwtable`.
                            None => set.insert(Attr::Flag(w.into())),
                        }
                    } else {
                        set.insert(Attr::Flag(w.into()));
                    }
                    return Ok(());
                }
                if Self::is_attr_keyword(w) {
                    set.insert(Attr::Flag(w.into()));
                    return Ok(());
                }
                Err(self.error_at(off, format!("unknown attribute '{w}'")))
            }
            _ => Err(self.error_at(off, "expected attribute")),
        }
    }

    /// Reads `( ... )` with balanced parentheses and returns the inside text.
    pub(crate) fn raw_parens(&mut self) -> PResult<String> {
        let open = self.offset();
        self.expect(Tok::LParen, "'('")?;
        let start = self.offset();
        let mut depth = 1;
        loop {
            match self.peek() {
                Tok::LParen => depth += 1,
                Tok::RParen => {
                    depth -= 1;
                    if depth == 0 {
                        let end = self.offset();
                        self.bump();
                        return normalize_payload(&self.src[start..end])
                            .ok_or_else(|| self.error_at(start, "invalid attribute payload"));
                    }
                }
                Tok::Eof | Tok::Error => return Err(self.error_at(open, "unbalanced parentheses in attribute")),
                _ => {}
            }
            self.bump();
        }
    }

    pub(crate) fn starts_attr(&self) -> bool {
        match self.peek() {
            Tok::Str(_) => true,
            Tok::Word(w) => {
                Self::is_type_attr(w) || Self::is_int_attr(w) || Self::is_paren_attr(w) || Self::is_attr_keyword(w)
            }
            _ => false,
        }
    }

    /// Parameter attributes (before the parameter name or call argument).
    pub(crate) fn parse_param_attrs(&mut self, set: &mut AttrSet) -> PResult<()> {
        while self.starts_attr() {
            self.parse_param_attr(set)?;
        }
        Ok(())
    }

    pub(crate) fn parse_param_attr(&mut self, set: &mut AttrSet) -> PResult<()> {
        let (off, key) = (self.offset(), self.attr_keyword());
        self.parse_one_attr(set, false)?;
        match key {
            Some(k) if !crate::attr_rules::applies_to_params(k) => {
                Err(self.error_at(off, "this attribute does not apply to parameters"))
            }
            _ => Ok(()),
        }
    }

    /// The keyword of the attribute at the cursor (none for a string one).
    fn attr_keyword(&self) -> Option<&'a str> {
        match self.peek() {
            Tok::Word(w) => Some(w),
            _ => None,
        }
    }

    /// One attribute of a function (a group's or an inline one), refused
    /// if it only applies to parameters and return values.
    fn parse_fn_attr_checked(&mut self, set: &mut AttrSet, group: bool) -> PResult<()> {
        let (off, key) = (self.offset(), self.attr_keyword());
        self.parse_one_attr(set, group)?;
        match key {
            Some(k) if !crate::attr_rules::applies_to_functions(k) => {
                Err(self.error_at(off, "this attribute does not apply to functions"))
            }
            _ => Ok(()),
        }
    }

    /// Return attributes (before the return type).
    pub(crate) fn parse_ret_attrs(&mut self, set: &mut AttrSet) -> PResult<()> {
        loop {
            // String attributes (`"key"="value"`) are valid here too, in any
            // place among the keywords.
            let ok = match self.peek() {
                Tok::Str(_) => true,
                Tok::Word(w) => matches!(
                    *w,
                    "noundef"
                        | "nonnull"
                        | "noalias"
                        | "signext"
                        | "zeroext"
                        | "inreg"
                        | "dereferenceable"
                        | "dereferenceable_or_null"
                        | "range"
                        | "nofpclass"
                        | "align"
                        | "alignstack"
                        | "noext"
                ),
                _ => false,
            };
            if !ok {
                break;
            }
            self.parse_one_attr(set, false)?;
        }
        Ok(())
    }

    /// One function attribute (inline, after the parameter list).
    pub(crate) fn parse_fn_attr(&mut self, set: &mut AttrSet) -> PResult<()> {
        self.parse_fn_attr_checked(set, false)
    }

    /// Function attributes and `#N` group references of a call site or header.
    pub(crate) fn parse_fn_attrs_and_groups(
        &mut self,
        set: &mut AttrSet,
        groups: &mut Vec<(u32, usize)>,
    ) -> PResult<()> {
        loop {
            match self.peek() {
                Tok::AttrGroup(g) => {
                    groups.push((*g, self.offset()));
                    self.bump();
                }
                Tok::Str(_) => self.parse_fn_attr(set)?,
                Tok::Word(_) if self.starts_attr() => self.parse_fn_attr(set)?,
                _ => return Ok(()),
            }
        }
    }

    pub(crate) fn parse_attr_group(&mut self) -> PResult<()> {
        let off = self.offset();
        let id = match self.bump() {
            Tok::AttrGroup(g) => g,
            _ => return Err(self.error_at(off, "expected attribute group id")),
        };
        self.expect(Tok::Equal, "'=' here")?;
        self.expect(Tok::LBrace, "'{' here")?;
        let mut set = AttrSet::new();
        while !self.eat(&Tok::RBrace) {
            if matches!(self.peek(), Tok::Eof | Tok::Error) {
                return self.err("expected '}' at end of attribute group");
            }
            self.parse_fn_attr_checked(&mut set, true)?;
        }
        // A group defined again replaces the earlier definition, as opt
        // reads it.
        self.attr_groups.insert(id, set);
        Ok(())
    }
}

/// The payload of `key(payload)` as LLVM prints it back, where its spelling
/// is not the canonical one: `vscale_range(N)` is `vscale_range(N,N)`,
/// `vscale_range` and `allocsize` numbers are separated by a bare comma,
/// `initializes` ranges by ", " inside and out. `None`: the attribute has no
/// payload (`uwtable(async)` is `uwtable`).
fn canonical_payload(key: &str, text: &str) -> Option<String> {
    let numbers = |t: &str| -> Vec<String> { t.split(',').map(|n| n.trim().to_owned()).collect() };
    match key {
        "uwtable" if text.trim() == "async" => None,
        "vscale_range" => {
            let mut n = numbers(text);
            if n.len() == 1 {
                n.push(n[0].clone());
            }
            Some(n.join(","))
        }
        "allocsize" => Some(numbers(text).join(",")),
        "initializes" => {
            let ranges: Vec<String> = text
                .split(')')
                .map(|r| r.trim().trim_start_matches(',').trim().trim_start_matches('('))
                .filter(|r| !r.is_empty())
                .map(|r| format!("({})", numbers(r).join(", ")))
                .collect();
            Some(ranges.join(", "))
        }
        "nofpclass" => Some(canonical_nofpclass(text).unwrap_or_else(|| text.to_owned())),
        "captures" => Some(canonical_captures(text).unwrap_or_else(|| text.to_owned())),
        "allockind" => Some(canonical_allockind(text).unwrap_or_else(|| text.to_owned())),
        _ => Some(text.to_owned()),
    }
}

/// The floating-point classes of `nofpclass`, in the order LLVM prints
/// them: a name covering several classes is used before the names of its
/// parts.
const FP_CLASSES: &[(&str, u32)] = &[
    ("all", 1023),
    ("nan", 3),
    ("snan", 1),
    ("qnan", 2),
    ("inf", 516),
    ("ninf", 4),
    ("pinf", 512),
    ("zero", 96),
    ("nzero", 32),
    ("pzero", 64),
    ("sub", 144),
    ("nsub", 16),
    ("psub", 128),
    ("norm", 264),
    ("nnorm", 8),
    ("pnorm", 256),
];

/// `nofpclass`'s classes (names or a mask) as LLVM prints them.
fn canonical_nofpclass(text: &str) -> Option<String> {
    let mut mask = 0u32;
    for w in text.split_whitespace() {
        mask |= match FP_CLASSES.iter().find(|(n, _)| *n == w) {
            Some(&(_, bits)) => bits,
            None => w.parse::<u32>().ok().filter(|&m| m != 0 && m <= 1023)?,
        };
    }
    let mut names = Vec::new();
    for &(name, bits) in FP_CLASSES {
        if mask & bits == bits {
            names.push(name);
            mask &= !bits;
        }
    }
    (!names.is_empty()).then(|| names.join(" "))
}

/// `captures`' components as LLVM prints them: `address` covers
/// `address_is_null`, `provenance` covers `read_provenance`, the components
/// of the return value follow `ret:` only where they differ.
fn canonical_captures(text: &str) -> Option<String> {
    const ADDRESS_IS_NULL: u8 = 1;
    const ADDRESS: u8 = 3;
    const READ_PROVENANCE: u8 = 4;
    const PROVENANCE: u8 = 12;
    let (mut other, mut ret) = (0u8, None::<u8>);
    for item in text.split(',') {
        let item = item.trim();
        let word = match item.strip_prefix("ret:") {
            Some(rest) => {
                if ret.is_some() {
                    return None;
                }
                ret = Some(0);
                rest.trim()
            }
            None => item,
        };
        let bits = match word {
            "none" => 0,
            "address_is_null" => ADDRESS_IS_NULL,
            "address" => ADDRESS,
            "read_provenance" => READ_PROVENANCE,
            "provenance" => PROVENANCE,
            _ => return None,
        };
        match ret.as_mut() {
            Some(r) => *r |= bits,
            None => other |= bits,
        }
    }
    let ret = ret.unwrap_or(other);
    let components = |c: u8| -> String {
        if c == 0 {
            return "none".into();
        }
        let mut out = Vec::new();
        match c & ADDRESS {
            ADDRESS => out.push("address"),
            ADDRESS_IS_NULL => out.push("address_is_null"),
            _ => {}
        }
        match c & PROVENANCE {
            PROVENANCE => out.push("provenance"),
            READ_PROVENANCE => out.push("read_provenance"),
            _ => {}
        }
        out.join(", ")
    };
    let mut parts = Vec::new();
    if other != 0 || other == ret {
        parts.push(components(other));
    }
    if other != ret {
        parts.push(format!("ret: {}", components(ret)));
    }
    Some(parts.join(", "))
}

/// `allockind`'s kinds in LLVM's order.
fn canonical_allockind(text: &str) -> Option<String> {
    const KINDS: &[&str] = &["alloc", "realloc", "free", "uninitialized", "zeroed", "aligned"];
    let inner = text.trim().strip_prefix('"')?.strip_suffix('"')?;
    let given: Vec<&str> = inner.split(',').map(str::trim).filter(|k| !k.is_empty()).collect();
    if given.iter().any(|k| !KINDS.contains(k)) {
        return None;
    }
    let kinds: Vec<&str> = KINDS.iter().copied().filter(|k| given.contains(k)).collect();
    Some(format!("\"{}\"", kinds.join(",")))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The spellings opt-22 prints for these payloads.
    #[test]
    fn payloads_as_llvm_prints_them() {
        let c = |k: &str, t: &str| canonical_payload(k, t);
        assert_eq!(c("nofpclass", "zero inf").as_deref(), Some("inf zero"));
        assert_eq!(c("nofpclass", "nzero pzero").as_deref(), Some("zero"));
        assert_eq!(c("nofpclass", "1021").as_deref(), Some("snan inf zero sub norm"));
        assert_eq!(c("nofpclass", "61").as_deref(), Some("snan ninf nzero nsub nnorm"));
        assert_eq!(c("nofpclass", "276").as_deref(), Some("ninf nsub pnorm"));
        assert_eq!(c("nofpclass", "1023").as_deref(), Some("all"));
        assert_eq!(c("captures", "read_provenance, address").as_deref(), Some("address, read_provenance"));
        assert_eq!(c("captures", "address, address_is_null").as_deref(), Some("address"));
        assert_eq!(c("captures", "ret: none").as_deref(), Some("none"));
        assert_eq!(c("captures", "address, ret: address").as_deref(), Some("address"));
        assert_eq!(c("captures", "provenance, ret: address").as_deref(), Some("provenance, ret: address"));
        assert_eq!(c("captures", "address_is_null, ret: none").as_deref(), Some("address_is_null, ret: none"));
        assert_eq!(c("captures", "ret: address, provenance").as_deref(), Some("ret: address, provenance"));
        assert_eq!(c("allockind", "\"uninitialized,alloc\"").as_deref(), Some("\"alloc,uninitialized\""));
        assert_eq!(c("allockind", "\"realloc,aligned,zeroed\"").as_deref(), Some("\"realloc,zeroed,aligned\""));
        assert_eq!(c("vscale_range", "2").as_deref(), Some("2,2"));
        assert_eq!(c("vscale_range", "1, 4").as_deref(), Some("1,4"));
        assert_eq!(c("allocsize", "0, 1").as_deref(), Some("0,1"));
        assert_eq!(c("initializes", "(0,4), (8,12)").as_deref(), Some("(0, 4), (8, 12)"));
        assert_eq!(c("uwtable", "async"), None);
        assert_eq!(c("uwtable", "sync").as_deref(), Some("sync"));
    }
}
