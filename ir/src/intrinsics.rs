//! Attributes of the intrinsics that convergence code uses.
//!
//! LLVM attaches an intrinsic's attributes from its own table whatever the
//! declaration says, and declares intrinsics that are called but never
//! declared. We do the same for the intrinsics listed here (taken from what
//! `opt-22` prints for them), so that for example `@llvm.amdgcn.s.barrier` is
//! convergent even when a test declares it without attributes. Convergent
//! target intrinsics that are not listed here get their function attributes
//! from [`crate::convergent_intrinsics`]. Other intrinsics keep their
//! declared attributes in the module (and in what is printed), but their
//! effects are read from LLVM's function attributes where a second table
//! has them ([`llvm_function_attrs`]), and from nothing the declaration
//! promises where none does and LLVM may know the name
//! ([`attrs_replaced_by_llvm`]).

use crate::attrs::{Attr, AttrSet};
use crate::convergent_intrinsics::convergent_attrs;
use rustc_hash::FxHashSet;
use std::sync::OnceLock;

/// One intrinsic (or family): its function attributes, return attributes,
/// and attributes of individual parameters.
struct Entry {
    /// Full name, a name whose overloads follow after a `.`, or a prefix
    /// ending in `.`.
    name: &'static str,
    func: &'static str,
    ret: &'static str,
    params: &'static [(usize, &'static str)],
}

const fn e(name: &'static str, func: &'static str) -> Entry {
    Entry { name, func, ret: "", params: &[] }
}

const fn r(name: &'static str, func: &'static str, ret: &'static str) -> Entry {
    Entry { name, func, ret, params: &[] }
}

const fn p(name: &'static str, func: &'static str, params: &'static [(usize, &'static str)]) -> Entry {
    Entry { name, func, ret: "", params }
}

const IMM: &str = "immarg";

/// Searched in order: more specific names come before their prefixes.
const TABLE: &[Entry] = &[
    e("llvm.experimental.convergence.entry", CONV_TOKEN),
    e("llvm.experimental.convergence.anchor", CONV_TOKEN),
    e("llvm.experimental.convergence.loop", CONV_TOKEN),
    r("llvm.amdgcn.workitem.id.", ID, "noundef range(i32 0, 1024)"),
    r("llvm.amdgcn.workgroup.id.", ID, "noundef"),
    r("llvm.amdgcn.dispatch.ptr", ID, "noundef nonnull align 4"),
    r("llvm.amdgcn.kernarg.segment.ptr", ID, "noundef align 4"),
    r("llvm.amdgcn.implicitarg.ptr", ID, "noundef align 4"),
    r("llvm.amdgcn.s.getpc", ID, "noundef"),
    e("llvm.amdgcn.s.memtime", "nocallback nofree nosync nounwind willreturn"),
    r("llvm.amdgcn.live.mask", "nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: read)", "noundef"),
    r("llvm.nvvm.read.ptx.sreg.tid.x", ID, "noundef range(i32 0, 1024)"),
    r("llvm.nvvm.read.ptx.sreg.tid.y", ID, "noundef range(i32 0, 1024)"),
    r("llvm.nvvm.read.ptx.sreg.tid.z", ID, "noundef range(i32 0, 64)"),
    r("llvm.nvvm.read.ptx.sreg.ntid.x", ID, "noundef range(i32 1, 1025)"),
    r("llvm.nvvm.read.ptx.sreg.ntid.y", ID, "noundef range(i32 1, 1025)"),
    r("llvm.nvvm.read.ptx.sreg.ntid.z", ID, "noundef range(i32 1, 65)"),
    r("llvm.nvvm.read.ptx.sreg.ctaid.x", ID, "noundef range(i32 0, 2147483647)"),
    r("llvm.nvvm.read.ptx.sreg.ctaid.y", ID, "noundef range(i32 0, 65535)"),
    r("llvm.nvvm.read.ptx.sreg.ctaid.z", ID, "noundef range(i32 0, 65535)"),
    r("llvm.nvvm.read.ptx.sreg.nctaid.x", ID, "noundef range(i32 1, -2147483648)"),
    r("llvm.nvvm.read.ptx.sreg.nctaid.y", ID, "noundef range(i32 1, 65536)"),
    r("llvm.nvvm.read.ptx.sreg.nctaid.z", ID, "noundef range(i32 1, 65536)"),
    r("llvm.nvvm.read.ptx.sreg.laneid", ID, "noundef range(i32 0, 32)"),
    r("llvm.nvvm.read.ptx.sreg.warpsize", ID, "noundef range(i32 32, 33)"),
    r("llvm.nvvm.read.ptx.sreg.warpid", ID, "noundef"),
    r("llvm.nvvm.read.ptx.sreg.nwarpid", ID, "noundef"),
    r(
        "llvm.nvvm.read.ptx.sreg.clock",
        "nocallback nofree nounwind willreturn memory(inaccessiblemem: readwrite)",
        "noundef",
    ),
    r(
        "llvm.nvvm.read.ptx.sreg.clock64",
        "nocallback nofree nounwind willreturn memory(inaccessiblemem: readwrite)",
        "noundef",
    ),
    e("llvm.amdgcn.mbcnt.", "nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)"),
    p("llvm.amdgcn.s.barrier.signal", "convergent nocallback nofree nounwind willreturn", &[(0, IMM)]),
    p("llvm.amdgcn.s.barrier.wait", "convergent nocallback nofree nounwind willreturn", &[(0, IMM)]),
    e("llvm.amdgcn.s.barrier", "convergent nocallback nofree nounwind willreturn"),
    e("llvm.amdgcn.wave.barrier", "convergent nocallback nofree nounwind willreturn"),
    e(
        "llvm.amdgcn.readfirstlane",
        "convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)",
    ),
    e("llvm.amdgcn.ballot.", "convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)"),
    e("llvm.amdgcn.readlane", CONV_NONE),
    e("llvm.amdgcn.writelane", CONV_NONE),
    e("llvm.amdgcn.set.inactive", CONV_NONE),
    e("llvm.amdgcn.ds.bpermute", CONV_NONE),
    e("llvm.amdgcn.ds.permute", CONV_NONE),
    p("llvm.amdgcn.ds.swizzle", CONV_NONE, &[(1, IMM)]),
    p("llvm.amdgcn.wave.reduce.", CONV_NONE, &[(1, IMM)]),
    p("llvm.amdgcn.icmp.", CONV_NONE, &[(2, IMM)]),
    p("llvm.amdgcn.fcmp.", CONV_NONE, &[(2, IMM)]),
    p("llvm.amdgcn.update.dpp", CONV_NONE, &[(2, IMM), (3, IMM), (4, IMM), (5, IMM)]),
    p("llvm.amdgcn.mov.dpp8", CONV_NONE, &[(1, IMM)]),
    p("llvm.amdgcn.mov.dpp", CONV_NONE, &[(1, IMM), (2, IMM), (3, IMM), (4, IMM)]),
    p("llvm.amdgcn.permlane16", CONV_NONE, &[(4, IMM), (5, IMM)]),
    p("llvm.amdgcn.permlanex16", CONV_NONE, &[(4, IMM), (5, IMM)]),
    e("llvm.amdgcn.permlane64", CONV_NONE),
    e("llvm.amdgcn.wwm", "convergent nocallback nofree nounwind speculatable willreturn memory(none)"),
    e("llvm.amdgcn.strict.wwm", "convergent nocallback nofree nounwind speculatable willreturn memory(none)"),
    e("llvm.amdgcn.if.break.", "nocallback nofree nounwind willreturn memory(none)"),
    e("llvm.amdgcn.if.", "nocallback nofree nounwind willreturn"),
    e("llvm.amdgcn.else.", "nocallback nofree nounwind willreturn"),
    e("llvm.amdgcn.loop.", "nocallback nofree nounwind willreturn"),
    e("llvm.amdgcn.end.cf.", "nocallback nofree nounwind willreturn"),
    p("llvm.amdgcn.s.waitcnt", "nocallback nofree nounwind willreturn", &[(0, IMM)]),
    p("llvm.amdgcn.s.sleep", "nocallback nofree nosync nounwind willreturn", &[(0, IMM)]),
    p("llvm.amdgcn.interp.p1", ID, &[(1, IMM), (2, IMM)]),
    e("llvm.amdgcn.kill", "nocallback nofree nounwind"),
    e("llvm.amdgcn.wqm.demote", "nocallback nofree nounwind memory(inaccessiblemem: write)"),
    p("llvm.amdgcn.s.sethalt", "nocallback nofree nosync nounwind willreturn", &[(0, IMM)]),
    e("llvm.nvvm.barrier", "convergent nocallback nounwind"),
    e("llvm.nvvm.bar.warp.sync", "convergent nocallback nounwind"),
    e("llvm.nvvm.shfl.", NV_CONV),
    e("llvm.nvvm.vote.", NV_CONV),
    p("llvm.assume", "nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write)", &[(0, "noundef")]),
    e("llvm.trap", "cold noreturn nounwind memory(inaccessiblemem: write)"),
    p("llvm.ubsantrap", "cold noreturn nounwind memory(inaccessiblemem: write)", &[(0, IMM)]),
    e("llvm.donothing", "nocallback nofree nosync nounwind willreturn memory(none)"),
    p("llvm.returnaddress", "nocallback nofree nosync nounwind willreturn memory(none)", &[(0, IMM)]),
    p(
        "llvm.memcpy.",
        "nocallback nofree nounwind willreturn memory(argmem: readwrite)",
        &[(0, "noalias writeonly captures(none)"), (1, "noalias readonly captures(none)"), (3, IMM)],
    ),
    p(
        "llvm.memset.",
        "nocallback nofree nounwind willreturn memory(argmem: write)",
        &[(0, "writeonly captures(none)"), (3, IMM)],
    ),
    p(
        "llvm.lifetime.start.",
        "nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)",
        &[(0, "captures(none)")],
    ),
    p(
        "llvm.lifetime.end.",
        "nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)",
        &[(0, "captures(none)")],
    ),
    e("llvm.ctpop.", PURE),
    e("llvm.smax.", PURE),
    e("llvm.smin.", PURE),
    e("llvm.umax.", PURE),
    e("llvm.umin.", PURE),
    e("llvm.sqrt.", PURE),
    e("llvm.fabs.", PURE),
    e("llvm.fma.", PURE),
    p("llvm.abs.", ID, &[(1, IMM)]),
    e("llvm.experimental.deoptimize", ""),
];

const CONV_TOKEN: &str = "convergent nocallback nofree nosync nounwind willreturn memory(none)";
const ID: &str = "nocallback nofree nosync nounwind speculatable willreturn memory(none)";
const CONV_NONE: &str = "convergent nocallback nofree nounwind willreturn memory(none)";
const NV_CONV: &str = "convergent nocallback nounwind memory(inaccessiblemem: readwrite)";
const PURE: &str = "nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)";

fn lookup(name: &str) -> Option<&'static Entry> {
    TABLE.iter().find(|e| family_matches(e.name, name))
}

/// LLVM 22's function attributes of intrinsic families the table above
/// does not declare: `opt-22 -S` attaches these to a declaration of any
/// member, whatever it says. Only the function attributes are known here
/// (not the parameter and return attributes a declaration needs when it is
/// printed), so the parser leaves these declarations as written and only
/// [`crate::effects::inst_effects`] reads the attributes from here.
/// Established by declaring every intrinsic that the tests and corpora
/// declare and reading what `opt-22 -S` prints; every member of a family
/// had the same attributes. `tests/intrinsic_table.rs` repeats the check
/// for one member of each family (`tests/intrinsic-effect-probes.ll`).
const LLVM_FUNC_ATTRS: &[(&str, &str)] = &[
    ("llvm.acos", SPEC),
    ("llvm.annotation", INACC_RW),
    ("llvm.arithmetic.fence", PURE),
    ("llvm.asin", SPEC),
    ("llvm.atan", SPEC),
    ("llvm.atan2", SPEC),
    ("llvm.bitreverse", PURE),
    ("llvm.bswap", PURE),
    ("llvm.ceil", PURE),
    ("llvm.copysign", PURE),
    ("llvm.cos", PURE),
    ("llvm.cosh", SPEC),
    ("llvm.ctlz", SPEC),
    ("llvm.cttz", SPEC),
    ("llvm.exp", PURE),
    ("llvm.exp10", PURE),
    ("llvm.exp2", PURE),
    ("llvm.expect", "nocallback nofree nosync nounwind willreturn memory(none)"),
    (
        "llvm.experimental.constrained.",
        "nocallback nofree nosync nounwind strictfp willreturn memory(inaccessiblemem: readwrite)",
    ),
    ("llvm.experimental.noalias.scope.decl", INACC_RW),
    ("llvm.fake.use", INACC_RW),
    ("llvm.floor", PURE),
    ("llvm.fmuladd", PURE),
    ("llvm.fptosi.sat", PURE),
    ("llvm.fptoui.sat", PURE),
    ("llvm.frexp", PURE),
    ("llvm.fshl", PURE),
    ("llvm.fshr", PURE),
    ("llvm.invariant.end", "nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)"),
    ("llvm.invariant.start", "nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)"),
    ("llvm.is.fpclass", PURE),
    (
        "llvm.launder.invariant.group",
        "nocallback nofree nosync nounwind speculatable willreturn memory(inaccessiblemem: readwrite)",
    ),
    ("llvm.ldexp", PURE),
    ("llvm.load.relative", "nocallback nofree nosync nounwind willreturn memory(argmem: read)"),
    ("llvm.log", PURE),
    ("llvm.log10", PURE),
    ("llvm.log2", PURE),
    ("llvm.lround", PURE),
    ("llvm.masked.gather", "nocallback nofree nosync nounwind willreturn memory(read)"),
    ("llvm.masked.scatter", "nocallback nofree nosync nounwind willreturn memory(write)"),
    ("llvm.maximum", PURE),
    ("llvm.maximumnum", PURE),
    ("llvm.maxnum", PURE),
    ("llvm.memmove", "nocallback nofree nounwind willreturn memory(argmem: readwrite)"),
    ("llvm.minimum", PURE),
    ("llvm.minimumnum", PURE),
    ("llvm.minnum", PURE),
    ("llvm.modf", SPEC),
    ("llvm.nearbyint", PURE),
    ("llvm.pow", PURE),
    ("llvm.powi", PURE),
    ("llvm.ptr.annotation", INACC_RW),
    ("llvm.readcyclecounter", "nocallback nofree nosync nounwind willreturn"),
    ("llvm.rint", PURE),
    ("llvm.round", PURE),
    ("llvm.roundeven", PURE),
    ("llvm.sadd.sat", PURE),
    ("llvm.sadd.with.overflow", PURE),
    ("llvm.scmp", PURE),
    ("llvm.sideeffect", INACC_RW),
    ("llvm.sin", PURE),
    ("llvm.sincos", SPEC),
    ("llvm.sinh", SPEC),
    ("llvm.smul.with.overflow", PURE),
    ("llvm.sshl.sat", SPEC),
    ("llvm.ssub.sat", PURE),
    ("llvm.ssub.with.overflow", PURE),
    ("llvm.stackrestore", "nocallback nofree nosync nounwind willreturn"),
    ("llvm.stacksave", "nocallback nofree nosync nounwind willreturn"),
    ("llvm.tan", SPEC),
    ("llvm.tanh", SPEC),
    ("llvm.trunc", PURE),
    ("llvm.uadd.sat", PURE),
    ("llvm.uadd.with.overflow", PURE),
    ("llvm.ucmp", PURE),
    ("llvm.umul.with.overflow", PURE),
    ("llvm.ushl.sat", SPEC),
    ("llvm.usub.sat", PURE),
    ("llvm.usub.with.overflow", PURE),
    ("llvm.var.annotation", INACC_RW),
    ("llvm.vector.reduce.", SPEC),
];

const SPEC: &str = "nocallback nofree nosync nounwind speculatable willreturn memory(none)";
const INACC_RW: &str = "nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)";

/// Whether `name` is `key` or continues it after a `.` (a key ending in
/// `.` is a prefix).
fn family_matches(key: &str, name: &str) -> bool {
    if key.ends_with('.') {
        name.starts_with(key)
    } else {
        name.strip_prefix(key).is_some_and(|rest| rest.is_empty() || rest.starts_with('.'))
    }
}

/// LLVM 22's function attributes of intrinsic `name`, as text, for the
/// families of [`LLVM_FUNC_ATTRS`] (`None` for others, including those the
/// main table declares: ask [`default_attrs`]).
pub fn llvm_function_attrs(name: &str) -> Option<&'static str> {
    LLVM_FUNC_ATTRS.iter().find(|(k, _)| family_matches(k, name)).map(|&(_, a)| a)
}

/// [`llvm_function_attrs`] as a set, for a declaration made anew (these
/// families have no parameter or return attributes to go with them only
/// where the caller knows so: `llvm.stacksave`, `llvm.stackrestore`).
pub fn llvm_function_attr_set(name: &str) -> Option<AttrSet> {
    llvm_function_attrs(name).map(to_set)
}

/// Whether the intrinsic's attributes come from the tables.
pub fn is_known(name: &str) -> bool {
    lookup(name).is_some() || convergent_attrs(name).is_some()
}

/// Whether LLVM may replace the attributes declared for `name` with its
/// own: an `llvm.*` name that may be an intrinsic LLVM 22 knows
/// ([`may_be_known_intrinsic`]) but that the tables here do not list. LLVM
/// reads such a declaration with its intrinsic table's attributes, not the
/// declared ones (`@llvm.amdgcn.s.sendmsghalt` declared `nounwind willreturn
/// memory(none)` is `nocallback nounwind` to `opt-22`: it may not return and
/// may touch any memory), so what the declaration promises — returning, not
/// unwinding, its memory effects, being speculatable — is not to be
/// trusted ([`crate::effects::inst_effects`] ignores it). Convergence needs
/// no such care: every intrinsic LLVM makes `convergent` is in
/// [`crate::convergent_intrinsics`], so one not listed is not convergent
/// for LLVM, and a declared `convergent` only makes us more careful.
pub fn attrs_replaced_by_llvm(name: &str) -> bool {
    may_be_known_intrinsic(name) && !is_known(name) && llvm_function_attrs(name).is_none()
}

/// The function attributes of intrinsic `name` (empty if unknown).
pub fn default_attrs(name: &str) -> AttrSet {
    match lookup(name) {
        Some(e) => to_set(e.func),
        None => convergent_attrs(name).map(to_set).unwrap_or_default(),
    }
}

/// The attributes LLVM gives a declaration of intrinsic `name` with
/// `num_params` parameters: function, return and per-parameter attributes.
/// `None` for intrinsics not in the table.
pub fn declaration_attrs(name: &str, num_params: usize) -> Option<(AttrSet, AttrSet, Vec<AttrSet>)> {
    let Some(e) = lookup(name) else {
        // Only the function attributes are known for these; parameter
        // attributes (`immarg`) matter to LLVM's verifier at call sites, which
        // keep theirs.
        let func = convergent_attrs(name)?;
        return Some((to_set(func), AttrSet::new(), vec![AttrSet::new(); num_params]));
    };
    let mut params = vec![AttrSet::new(); num_params];
    for &(i, spec) in e.params {
        if let Some(slot) = params.get_mut(i) {
            *slot = to_set(spec);
        }
    }
    Some((to_set(e.func), to_set(e.ret), params))
}

fn to_set(spec: &str) -> AttrSet {
    let mut set = AttrSet::new();
    for a in split_attrs(spec) {
        set.insert(a);
    }
    set
}

/// Parses the simple attribute lists of the table: keywords, `align N` and
/// `key(payload)`.
fn split_attrs(spec: &str) -> Vec<Attr> {
    let mut out = Vec::new();
    let mut rest = spec.trim();
    while !rest.is_empty() {
        let end = rest.find([' ', '(']).unwrap_or(rest.len());
        let key = &rest[..end];
        if key == "align" {
            let tail = rest[end..].trim_start();
            let n_end = tail.find(' ').unwrap_or(tail.len());
            out.push(Attr::Int(key.into(), tail[..n_end].parse().unwrap_or(1)));
            rest = tail[n_end..].trim_start();
        } else if rest[end..].starts_with('(') {
            let close = rest[end..].find(')').map_or(rest.len(), |c| end + c);
            out.push(Attr::Paren(key.into(), rest[end + 1..close].into()));
            rest = rest[(close + 1).min(rest.len())..].trim_start();
        } else {
            out.push(Attr::Flag(key.into()));
            rest = rest[end..].trim_start();
        }
    }
    out
}

/// The first components of LLVM 22's intrinsic names (`llvm.<this>...`).
/// A call to an undeclared `llvm.*` function outside all of them cannot be
/// an intrinsic LLVM knows, nor one it upgrades from an older name.
const NAMESPACES: &[&str] = &[
    "aarch64",
    "abs",
    "access",
    "acos",
    "addressofreturnaddress",
    "adjust",
    "alloc",
    "allow",
    "amdgcn",
    "annotation",
    "arithmetic",
    "arm",
    "arm64ec",
    "asan",
    "asin",
    "assume",
    "atan",
    "atan2",
    "bitreverse",
    "bpf",
    "bswap",
    "btf_type_id",
    "call",
    "callbr",
    "canonicalize",
    "cas",
    "ceil",
    "clear_cache",
    "clmul",
    "codeview",
    "convert",
    "copysign",
    "coro",
    "cos",
    "cosh",
    "ctlz",
    "ctpop",
    "cttz",
    "dbg",
    "debugtrap",
    "donothing",
    "dx",
    "eh",
    "exp",
    "exp10",
    "exp2",
    "expect",
    "experimental",
    "fabs",
    "fake",
    "floor",
    "fma",
    "fmuladd",
    "fptosi",
    "fptoui",
    "fptrunc",
    "frameaddress",
    "frexp",
    "fshl",
    "fshr",
    "gcread",
    "gcroot",
    "gcwrite",
    "get",
    "hexagon",
    "hwasan",
    "icall",
    "init",
    "instrprof",
    "invariant",
    "is",
    "launder",
    "ldexp",
    "lifetime",
    "llrint",
    "llround",
    "load",
    "localaddress",
    "localescape",
    "localrecover",
    "log",
    "log10",
    "log2",
    "loongarch",
    "loop",
    "lrint",
    "lround",
    "masked",
    "matrix",
    "maximum",
    "maximumnum",
    "maxnum",
    "mem",
    "memcpy",
    "memmove",
    "memset",
    "minimum",
    "minimumnum",
    "minnum",
    "mips",
    "modf",
    "nearbyint",
    "nvvm",
    "objc",
    "object",
    "objectsize",
    "pcmarker",
    "pow",
    "powi",
    "ppc",
    "prefetch",
    "preserve",
    "protected",
    "pseudoprobe",
    "ptr",
    "ptrauth",
    "ptrmask",
    "public",
    "r600",
    "read_register",
    "read_volatile_register",
    "readcyclecounter",
    "readsteadycounter",
    "reloc",
    "reset",
    "returnaddress",
    "rint",
    "riscv",
    "round",
    "roundeven",
    "s390",
    "sadd",
    "scmp",
    "sdiv",
    "seh",
    "set",
    "sideeffect",
    "sin",
    "sincos",
    "sincospi",
    "sinh",
    "smax",
    "smin",
    "smul",
    "sponentry",
    "spv",
    "sqrt",
    "ssa",
    "sshl",
    "ssub",
    "stackaddress",
    "stackguard",
    "stackprotector",
    "stackrestore",
    "stacksave",
    "start",
    "stepvector",
    "strip",
    "swift",
    "tan",
    "tanh",
    "test",
    "thread",
    "threadlocal",
    "trap",
    "trunc",
    "type",
    "uadd",
    "ubsantrap",
    "ucmp",
    "udiv",
    "umax",
    "umin",
    "umul",
    "ushl",
    "usub",
    "va_copy",
    "va_end",
    "va_start",
    "var",
    "ve",
    "vector",
    "vp",
    "vscale",
    "wasm",
    "write_register",
    "x86",
    "xcore",
    "xray",
];

/// Whether `name` (with its `llvm.` prefix) may be an intrinsic LLVM 22
/// knows. Deliberately coarse: only the first component is checked, so an
/// unknown name in a known namespace passes (LLVM may upgrade it), and only
/// a name no LLVM intrinsic could have is refused.
pub fn may_be_known_intrinsic(name: &str) -> bool {
    let Some(rest) = name.strip_prefix("llvm.") else { return false };
    let first = rest.split('.').next().unwrap_or("");
    NAMESPACES.binary_search(&first).is_ok()
}

/// LLVM 22's intrinsic names, without `llvm.`, in the namespaces where
/// LLVM upgrades no name it no longer lists (generated from LLVM's own
/// table by `tools/scripts/intrinsic-names.sh`; a name whose dotted prefix
/// is listed is left out).
const LISTED_NAMES: &str = include_str!("../data/intrinsic-names.txt");

/// [`LISTED_NAMES`] as a set, and the namespaces (first components) it covers.
fn listed() -> &'static (FxHashSet<&'static str>, FxHashSet<&'static str>) {
    static LISTED: OnceLock<(FxHashSet<&'static str>, FxHashSet<&'static str>)> = OnceLock::new();
    LISTED.get_or_init(|| {
        let names: FxHashSet<&str> = LISTED_NAMES.lines().filter(|l| !l.is_empty() && !l.starts_with('#')).collect();
        let namespaces = names.iter().map(|n| n.split('.').next().unwrap_or(n)).collect();
        (names, namespaces)
    })
}

/// Whether a call to `name` (an `llvm.*` function nobody declared) names
/// no intrinsic of LLVM 22, so that LLVM refuses it as unknown. Outside
/// the namespaces of [`LISTED_NAMES`], only the namespace is checked
/// ([`may_be_known_intrinsic`]); inside, the name must be listed, or extend
/// a listed name by `.suffix` (which an overloaded intrinsic's name does:
/// overloading is not recorded, so a suffix is accepted on every name).
pub fn unknown_intrinsic(name: &str) -> bool {
    if !may_be_known_intrinsic(name) {
        return true;
    }
    let Some(rest) = name.strip_prefix("llvm.") else { return true };
    let (names, namespaces) = listed();
    if !namespaces.contains(rest.split('.').next().unwrap_or(rest)) {
        return false;
    }
    let mut prefixes = rest.match_indices('.').map(|(k, _)| &rest[..k]).chain([rest]);
    !prefixes.any(|p| names.contains(p))
}

#[cfg(test)]
mod tests {
    #[test]
    fn intrinsic_namespaces() {
        assert!(super::NAMESPACES.windows(2).all(|w| w[0] < w[1]), "sorted for binary search");
        assert!(super::may_be_known_intrinsic("llvm.amdgcn.workitem.id.x"));
        assert!(super::may_be_known_intrinsic("llvm.nvvm.barrier0"));
        assert!(super::may_be_known_intrinsic("llvm.va_start"));
        assert!(!super::may_be_known_intrinsic("llvm.foo.bar"));
        assert!(!super::may_be_known_intrinsic("llvm.genx.raw.send"));
    }

    #[test]
    fn unknown_intrinsics() {
        use super::unknown_intrinsic;
        // Listed, or extending a listed name (an overloaded one's suffix).
        assert!(!unknown_intrinsic("llvm.hexagon.A2.abs"));
        assert!(!unknown_intrinsic("llvm.vp.add.v4i32"));
        assert!(!unknown_intrinsic("llvm.donothing"));
        // A namespace where LLVM upgrades old names: only the namespace counts.
        assert!(!unknown_intrinsic("llvm.x86.not.an.intrinsic"));
        assert!(!unknown_intrinsic("llvm.nvvm.barrier0"));
        // Unknown to LLVM 22.
        assert!(unknown_intrinsic("llvm.hexagon.not.an.intrinsic"));
        assert!(unknown_intrinsic("llvm.vp.addx"));
        assert!(unknown_intrinsic("llvm.vp"));
        assert!(unknown_intrinsic("llvm.foo.bar"));
        let (names, _) = super::listed();
        assert!(names.len() > 5000 && names.iter().all(|n| !n.starts_with("llvm.") && !n.contains(' ')));
    }

    use super::*;

    #[test]
    fn declarations_llvm_overrides() {
        // Known to LLVM, not to the tables: the declaration is not trusted.
        assert!(attrs_replaced_by_llvm("llvm.amdgcn.s.sendmsghalt"));
        assert!(attrs_replaced_by_llvm("llvm.debugtrap"));
        assert!(attrs_replaced_by_llvm("llvm.experimental.guard"));
        // Unknown to LLVM: it keeps the declared attributes, and so do we.
        assert!(!attrs_replaced_by_llvm("llvm.foo.bar"));
        assert!(!attrs_replaced_by_llvm("subgroup_add"));
        // In a table.
        assert!(!attrs_replaced_by_llvm("llvm.memcpy.p0.p0.i64"));
        assert!(!attrs_replaced_by_llvm("llvm.amdgcn.endpgm"));
        assert!(!attrs_replaced_by_llvm("llvm.fmuladd.f32"));
        assert_eq!(llvm_function_attrs("llvm.exp2.f32"), Some(PURE));
        assert_eq!(llvm_function_attrs("llvm.exp.f32"), Some(PURE));
        assert_eq!(llvm_function_attrs("llvm.experimental.guard"), None);
        assert_eq!(llvm_function_attrs("llvm.vector.reduce.add.v4i32"), Some(SPEC));
        assert!(llvm_function_attrs("llvm.memmove.p0.p0.i64").is_some_and(|a| a.contains("argmem: readwrite")));
        // The two tables do not overlap: the parser and the effects agree.
        for (k, _) in LLVM_FUNC_ATTRS {
            let probe = format!("{k}x");
            let name = if k.ends_with('.') { probe.as_str() } else { k };
            assert!(!is_known(name), "{k} is in both tables");
        }
    }

    #[test]
    fn table_lookup() {
        assert!(default_attrs("llvm.amdgcn.s.barrier").has("convergent"));
        assert!(!default_attrs("llvm.amdgcn.workitem.id.x").has("convergent"));
        assert!(default_attrs("llvm.experimental.convergence.loop").has("convergent"));
        assert_eq!(default_attrs("llvm.amdgcn.if.break.i64").get_paren("memory"), Some("none"));
        assert!(default_attrs("llvm.amdgcn.if.i64").get_paren("memory").is_none());
        assert!(default_attrs("llvm.nvvm.shfl.down.i32").has("convergent"));
        assert!(default_attrs("llvm.foo").is_empty());
        // Overload suffixes after a full name, but not other names sharing its prefix.
        assert!(is_known("llvm.amdgcn.readlane.i32"));
        assert!(!is_known("llvm.amdgcn.readlanes"));
        let (_, ret, params) = declaration_attrs("llvm.memcpy.p0.p0.i64", 4).unwrap();
        assert!(ret.is_empty());
        assert!(params[0].has("noalias") && params[0].has("writeonly") && params[3].has("immarg"));
        let (_, ret, _) = declaration_attrs("llvm.amdgcn.dispatch.ptr", 0).unwrap();
        assert_eq!(ret.get_int("align"), Some(4));
        assert!(ret.has("nonnull"));
    }
}
