//! The inliner's rules that are not about cost: which callees may be
//! inlined at all, and into which callers (LLVM's attribute-based decision,
//! its `isInlineViable` and the attribute compatibility rules of
//! `Attributes.td`), what the caller takes from an inlined callee's
//! attributes (the merge rules there), and the copy a `byval` argument
//! needs once the callee's body runs in the caller.

use opt_conv_ir::inst::{Align, TailKind};
use opt_conv_ir::types::TypeData;
use opt_conv_ir::{
    Attr, AttrSet, CallInfo, Const, FuncDecl, FuncId, Function, Inst, InstData, InstKind, Module, Type, Value,
};

/// What the inliner needs to know about a callee's own calls, found once
/// per callee.
#[derive(Clone, Debug, Default)]
pub(crate) struct CalleeCalls {
    /// Why no call of it may be inlined (LLVM's `isInlineViable`), if so.
    pub not_viable: Option<String>,
    /// Whether it has a `musttail` call.
    pub has_musttail: bool,
    /// Whether it calls a `returns_twice` function (`setjmp`).
    pub calls_returns_twice: bool,
    /// Whether it calls `llvm.experimental.deoptimize`.
    pub has_deoptimize: bool,
}

impl CalleeCalls {
    pub(crate) fn new(m: &Module, body: &Function) -> CalleeCalls {
        let mut out = CalleeCalls::default();
        for (_, i) in body.insts_in_order() {
            let d = body.dfg().inst(i);
            let Some(ci) = d.call_info() else { continue };
            out.has_musttail |= ci.tail == TailKind::MustTail;
            if out.not_viable.is_some() {
                continue;
            }
            let decl = opt_conv_legality::convergence::callee_decl(m, body, d);
            let name = decl.map(|c| &*c.name).unwrap_or("");
            let twice = ci.fn_attrs.has("returns_twice") || decl.is_some_and(|c| c.fn_attrs.has("returns_twice"));
            out.calls_returns_twice |= twice && matches!(d.kind, InstKind::Call(_));
            out.has_deoptimize |= name.starts_with("llvm.experimental.deoptimize");
            out.not_viable = if name == "llvm.localescape" {
                Some("disallowed inlining of @llvm.localescape".into())
            } else if name == "llvm.icall.branch.funnel" {
                Some("disallowed inlining of @llvm.icall.branch.funnel".into())
            } else if name == "llvm.va_start" || name.starts_with("llvm.va_start.") {
                Some("contains VarArgs initialized with va_start".into())
            } else {
                None
            };
        }
        out
    }
}

/// Whether a function of `linkage` may be replaced by another definition
/// at link time (LLVM's `isInterposable`): its body says nothing about
/// the code that runs.
fn is_interposable(linkage: Option<&str>) -> bool {
    matches!(linkage, Some("weak" | "linkonce" | "extern_weak" | "common"))
}

/// Why the call `ci` from `caller` to `callee` may not be inlined by the
/// rules that come before any cost (in LLVM's order), or `None`.
/// `always`: the call or the callee is `alwaysinline`.
pub(crate) fn refusal(
    m: &Module,
    caller: FuncId,
    ci: &CallInfo,
    callee: FuncId,
    calls: &CalleeCalls,
    always: bool,
) -> Option<String> {
    let (Some(er), Some(ee)) = (m.func(caller), m.func(callee)) else { return None };
    if let Some(why) = &calls.not_viable {
        return Some(why.clone());
    }
    if calls.has_musttail && ci.tail == TailKind::MustTail {
        // The inlined musttail calls would have to return from the caller.
        return Some("the callee has a musttail call and the call site is musttail".into());
    }
    // A deoptimize call must be followed by a `ret` of its value: inlined,
    // its return would have to become the caller's (with the caller's
    // return type and deopt state), which LLVM does and this does not.
    if calls.has_deoptimize {
        return Some(
            "the callee calls llvm.experimental.deoptimize (not done: returning from the caller there)".into(),
        );
    }
    // A second return from a call the caller does not know of (its code
    // generation may keep values in registers across it): unless the callee
    // is `returns_twice` itself, and then the call site already was one.
    if calls.calls_returns_twice && !ee.fn_attrs.has("returns_twice") {
        return Some("exposes returns-twice attribute".into());
    }
    if always {
        return None;
    }
    if let Some(why) = incompatible(er, ee, subset_features(m)) {
        return Some(format!("conflicting attributes ({why})"));
    }
    if er.fn_attrs.has("optnone") {
        return Some("optnone attribute".into());
    }
    if !er.fn_attrs.has("null_pointer_is_valid") && ee.fn_attrs.has("null_pointer_is_valid") {
        return Some("nullptr definitions incompatible".into());
    }
    if is_interposable(ee.props.linkage.as_deref()) {
        let linkage = ee.props.linkage.as_deref().unwrap_or("");
        return Some(format!("interposable ({linkage} linkage: another definition may be linked in)"));
    }
    if ee.fn_attrs.has_str("loader-replaceable") {
        return Some("loader replaceable function attribute".into());
    }
    None
}

/// Attributes whose presence must be the same on caller and callee.
const MUST_MATCH: &[&str] = &[
    "sanitize_address",
    "sanitize_thread",
    "sanitize_type",
    "sanitize_memory",
    "sanitize_hwaddress",
    "sanitize_memtag",
    "sanitize_numerical_stability",
    "sanitize_realtime",
    "sanitize_realtime_blocking",
    "safestack",
    "shadowcallstack",
    "noprofile",
];

/// String attributes whose value must be the same on caller and callee.
const STR_MUST_MATCH: &[&str] =
    &["sign-return-address", "sign-return-address-key", "branch-protection-pauth-lr", "use-sample-profile"];

/// Why caller `er` and callee `ee` are not inline-compatible, or `None`:
/// LLVM's `areInlineCompatible` rules, the library-call rule (the same
/// `no-builtins` sets) and the target's (the callee's target features
/// must be among the caller's).
fn incompatible(er: &FuncDecl, ee: &FuncDecl, subset: bool) -> Option<String> {
    if er.gc != ee.gc {
        return Some("a different gc strategy".into());
    }
    for &a in MUST_MATCH {
        if er.fn_attrs.has(a) != ee.fn_attrs.has(a) {
            return Some(format!("'{a}' on one of them only"));
        }
    }
    for &a in STR_MUST_MATCH {
        if er.fn_attrs.get_str(a) != ee.fn_attrs.get_str(a) {
            return Some(format!("different \"{a}\""));
        }
    }
    if ee.fn_attrs.has("strictfp") && !er.fn_attrs.has("strictfp") {
        return Some("a strictfp callee into a caller that is not".into());
    }
    for a in ["denormal-fp-math", "denormal-fp-math-f32"] {
        let (r, e) = (er.fn_attrs.get_str(a), ee.fn_attrs.get_str(a));
        if r != e && e != Some("dynamic,dynamic") && e != Some("dynamic") {
            return Some(format!("different \"{a}\""));
        }
    }
    let builtins = |d: &FuncDecl| -> Vec<String> {
        let mut v: Vec<String> = d
            .fn_attrs
            .iter()
            .filter(|a| matches!(a, Attr::Str(..)) && a.key().starts_with("no-builtin"))
            .map(|a| a.key().to_owned())
            .collect();
        v.sort();
        v
    };
    if builtins(er) != builtins(ee) {
        return Some("different \"no-builtins\" sets".into());
    }
    if let Some(why) = target_incompatible(&er.fn_attrs, &ee.fn_attrs, subset) {
        return Some(why);
    }
    None
}

/// Whether the module's target lets a callee's features be a subset of
/// the caller's (x86's rule); LLVM's rule for other targets, and for a
/// module without a triple, is that they are the same.
fn subset_features(m: &Module) -> bool {
    m.triple_str().is_some_and(|t| t.starts_with("x86_64") || t.starts_with("i386") || t.starts_with("i686"))
}

/// The target rule: the same `target-cpu` (or none on the callee), and
/// the same `target-features`, or where the target allows a subset (see
/// [`subset_features`]), every feature the callee enables enabled in the
/// caller and every feature the caller disables disabled in the callee.
fn target_incompatible(er: &AttrSet, ee: &AttrSet, subset: bool) -> Option<String> {
    if let Some(cpu) = ee.get_str("target-cpu")
        && er.get_str("target-cpu") != Some(cpu)
    {
        return Some("a different \"target-cpu\"".into());
    }
    let (rf, ef) = (er.get_str("target-features").unwrap_or(""), ee.get_str("target-features").unwrap_or(""));
    if rf == ef {
        return None;
    }
    if !subset {
        return Some("different \"target-features\"".into());
    }
    let split = |s: &str| s.split(',').map(str::trim).filter(|x| !x.is_empty()).map(str::to_owned).collect::<Vec<_>>();
    let (rf, ef) = (split(rf), split(ef));
    let enabled = |l: &[String]| l.iter().filter_map(|x| x.strip_prefix('+')).map(str::to_owned).collect::<Vec<_>>();
    let disabled = |l: &[String]| l.iter().filter_map(|x| x.strip_prefix('-')).map(str::to_owned).collect::<Vec<_>>();
    let (r_on, e_on) = (enabled(&rf), enabled(&ef));
    let (r_off, e_off) = (disabled(&rf), disabled(&ef));
    let unknown = |l: &[String]| l.iter().any(|x| !x.starts_with('+') && !x.starts_with('-'));
    if unknown(&rf) || unknown(&ef) {
        return Some("\"target-features\" that cannot be compared".into());
    }
    let r_on: rustc_hash::FxHashSet<&str> = r_on.iter().map(String::as_str).collect();
    let e_off: rustc_hash::FxHashSet<&str> = e_off.iter().map(String::as_str).collect();
    if let Some(x) = e_on.iter().find(|x| !r_on.contains(x.as_str())) {
        return Some(format!("the callee's \"target-features\" enable {x}, the caller's do not"));
    }
    if let Some(x) = r_off.iter().find(|x| !e_off.contains(x.as_str())) {
        return Some(format!("the caller's \"target-features\" disable {x}, the callee's do not"));
    }
    None
}

/// What the caller takes from an inlined callee's attributes (LLVM's
/// `mergeAttributesForInlining`): flags either must have (an AND: the
/// caller keeps it only if the callee had it too), flags either having
/// suffices (an OR), the stronger stack protector, stack probing, and the
/// wider minimal legal vector width.
pub(crate) fn merge_attributes(m: &mut Module, caller: FuncId, callee: FuncId) {
    let Some(ee) = m.func(callee).map(|d| d.fn_attrs.clone()) else { return };
    let Some(er) = m.func_mut(caller).map(|d| &mut d.fn_attrs) else { return };
    let is_true = |s: &AttrSet, k: &str| s.get_str(k) == Some("true");
    for k in [
        "less-precise-fpmad",
        "no-infs-fp-math",
        "no-nans-fp-math",
        "approx-func-fp-math",
        "no-signed-zeros-fp-math",
        "unsafe-fp-math",
    ] {
        if is_true(er, k) && !is_true(&ee, k) {
            er.insert(Attr::Str(k.into(), Some("false".into())));
        }
    }
    if er.has("mustprogress") && !ee.has("mustprogress") {
        er.remove("mustprogress");
    }
    for k in ["noimplicitfloat", "speculative_load_hardening"] {
        if ee.has(k) && !er.has(k) {
            er.insert(Attr::Flag(k.into()));
        }
    }
    for k in ["no-jump-tables", "profile-sample-accurate"] {
        if is_true(&ee, k) && !is_true(er, k) {
            er.insert(Attr::Str(k.into(), Some("true".into())));
        }
    }
    // Stack protection: the strongest of the two, in a caller that has
    // one (a caller without was compiled not to have any: it stays so).
    let strength = |s: &AttrSet| ["ssp", "sspstrong", "sspreq"].iter().rposition(|k| s.has(k));
    if let (Some(e), Some(r)) = (strength(&ee), strength(er))
        && r < e
    {
        for k in ["ssp", "sspstrong", "sspreq"] {
            er.remove(k);
        }
        er.insert(Attr::Flag(["ssp", "sspstrong", "sspreq"][e].into()));
    }
    if let Some(p) = ee.get_str("probe-stack")
        && !er.has_str("probe-stack")
    {
        er.insert(Attr::Str("probe-stack".into(), Some(p.into())));
    }
    if let Some(e) = ee.get_str("stack-probe-size").and_then(|v| v.parse::<u64>().ok()) {
        let r = er.get_str("stack-probe-size").and_then(|v| v.parse::<u64>().ok());
        if r.is_none_or(|r| e < r) {
            er.insert(Attr::Str("stack-probe-size".into(), Some(e.to_string().into())));
        }
    }
    if let Some(r) = er.get_str("min-legal-vector-width").map(str::to_owned) {
        // A callee without it may need any width: the caller's is then unknown.
        match (ee.get_str("min-legal-vector-width").and_then(|v| v.parse::<u64>().ok()), r.parse::<u64>().ok()) {
            (Some(e), Some(r)) if e > r => {
                er.insert(Attr::Str("min-legal-vector-width".into(), Some(e.to_string().into())));
            }
            (Some(_), _) => {}
            (None, _) => {
                er.remove("min-legal-vector-width");
            }
        }
    }
    if ee.has("null_pointer_is_valid") && !er.has("null_pointer_is_valid") {
        er.insert(Attr::Flag("null_pointer_is_valid".into()));
    }
}

/// A `byval` argument of the call: its index, the type it copies, and the
/// alignment the parameter asks for.
fn byval_args(m: &Module, ci: &CallInfo, callee: FuncId) -> Vec<(usize, Type, Option<u64>)> {
    let decl = m.func(callee);
    // Only the callee's own parameters: a variable argument marked byval
    // is passed on as it is (a forwarding call copies it itself).
    let fixed = decl.and_then(|d| m.types.fn_sig(d.ty)).map_or(ci.num_args as usize, |s| s.1.len());
    (0..fixed.min(ci.num_args as usize))
        .filter_map(|k| {
            let site = ci.param_attrs.get(k);
            let def = decl.and_then(|d| d.param_attrs.get(k));
            let ty = [site, def].into_iter().flatten().find_map(|s| {
                s.iter().find_map(|a| match a {
                    Attr::Type(key, t) if &**key == "byval" => Some(*t),
                    _ => None,
                })
            })?;
            let align = [site, def].into_iter().flatten().find_map(|s| s.get_int("align"));
            Some((k, ty, align))
        })
        .collect()
}

/// Whether values of `t` have a size known before run time: sized, and no
/// scalable vector anywhere in it (walked with a work list, not recursion).
fn has_fixed_size(m: &Module, t: Type) -> bool {
    if !m.types.is_sized(t) {
        return false;
    }
    let mut work = vec![t];
    while let Some(t) = work.pop() {
        match m.types.get(t) {
            TypeData::Vector { scalable: true, .. } | TypeData::TargetExt(_) => return false,
            TypeData::Vector { elem, .. } | TypeData::Array { elem, .. } => work.push(*elem),
            TypeData::Struct { fields, .. } => work.extend(fields.iter().copied()),
            TypeData::Named { body: Some(b), .. } => work.extend(b.iter().copied()),
            _ => {}
        }
    }
    true
}

/// Why the call's `byval` arguments cannot be copied, or `None`.
pub(crate) fn byval_refusal(m: &Module, caller: &Function, call: Inst, callee: FuncId) -> Option<String> {
    let d = caller.dfg().inst(call);
    let ci = d.call_info()?;
    let alloca_as = m.data_layout().alloca_addrspace();
    for (k, ty, _) in byval_args(m, ci, callee) {
        let arg = *d.call_args().get(k)?;
        if !matches!(m.types.get(caller.dfg().value_type(arg)), TypeData::Ptr(a) if *a == alloca_as) {
            return Some("byval arguments without alloca address space".into());
        }
        if !has_fixed_size(m, ty) {
            return Some(format!("byval argument {k} has a type whose size is not known, so it cannot be copied"));
        }
    }
    None
}

/// Whether the callee's body can neither write memory nor call anything
/// that does (LLVM's `onlyReadsMemory` on the function).
fn only_reads(decl: &FuncDecl) -> bool {
    decl.fn_attrs.memory().only_reads()
}

/// The call's `byval` arguments as the inlined body must see them: each
/// is the callee's own copy, so unless the callee only reads memory (and
/// the pointer is aligned as the parameter asks), a new alloca of the
/// type in the caller's entry block, filled by `llvm.memcpy` from the
/// argument right where the call is. `args` are the call's arguments;
/// those copied are replaced with their copy. Returns each copy's alloca
/// and `llvm.memcpy`, in the order of the arguments. Edits no edge.
pub(crate) fn copy_byval_args(
    m: &mut Module,
    f: &mut Function,
    call: Inst,
    callee: FuncId,
    args: &mut [Value],
) -> Vec<(Inst, Inst)> {
    let mut copies = Vec::new();
    let Some(ci) = f.dfg().inst(call).call_info() else { return copies };
    let byval = byval_args(m, ci, callee);
    if byval.is_empty() {
        return copies;
    }
    let reads_only = m.func(callee).is_some_and(only_reads);
    let dl = m.data_layout().clone();
    for (k, ty, align) in byval {
        let Some(&arg) = args.get(k) else { continue };
        if reads_only && (align.unwrap_or(1) <= 1 || known_align(f, arg) >= align.unwrap_or(1)) {
            continue;
        }
        let pref = dl.pref_align(&m.types, ty).bytes();
        let a = Align::new(pref.max(align.unwrap_or(1))).unwrap_or(Align::new(1).expect("one"));
        let ptr_ty = f.dfg().value_type(arg);
        let addrspace = match m.types.get(ptr_ty) {
            TypeData::Ptr(s) => *s,
            _ => 0,
        };
        let alloca = InstData::new(
            InstKind::Alloca { ty, align: Some(a), addrspace, inalloca: false, swifterror: false },
            &[],
            &[],
        );
        let ai = f.dfg_mut_preserving_cfg().make_inst(alloca, ptr_ty);
        let copy = f.dfg().inst_result(ai).expect("an alloca has a result");
        let name = f.dfg().value_name(arg).map(|n| unused_name(f, n));
        f.dfg_mut_preserving_cfg().set_value_name(copy, name.as_deref());
        let entry = f.entry_block().expect("the caller has an entry");
        let top = f.layout().first_inst(entry).expect("the entry has a terminator");
        f.layout_mut_preserving_cfg().insert_inst_before(ai, top);
        // The copy: `llvm.memcpy` of the type's store size.
        let name = format!("llvm.memcpy.p{addrspace}.p{addrspace}.i64");
        let memcpy = m.declare(&name, Type::VOID, &[ptr_ty, ptr_ty, Type::I64, Type::I1]);
        let fn_ty = m.func(memcpy).expect("declared").ty;
        let size = dl.store_size(&m.types, ty);
        let dfg = f.dfg_mut_preserving_cfg();
        let size = dfg.make_const(Const::int(&m.types, Type::I64, u128::from(size)));
        let volatile = dfg.make_const(Const::bool(false));
        let mc = opt_conv_ir::builder::make_call(dfg, memcpy, fn_ty, Type::VOID, &[copy, arg, size, volatile]);
        if let Some(info) = dfg.inst_mut(mc).call_info_mut() {
            info.param_attrs[0].insert(Attr::Int("align".into(), a.bytes()));
            if let Some(al) = align {
                info.param_attrs[1].insert(Attr::Int("align".into(), al));
            }
        }
        f.layout_mut_preserving_cfg().insert_inst_before(mc, call);
        args[k] = copy;
        copies.push((ai, mc));
    }
    copies
}

/// `name`, or if a value of `f` has it already, `name` with the first
/// number that makes it new (as LLVM names a value whose name is taken,
/// the first time it happens in a function; the printer would otherwise
/// give the suffix to whichever of the two comes later).
fn unused_name(f: &Function, name: &str) -> String {
    let dfg = f.dfg();
    let mut taken: rustc_hash::FxHashSet<&str> = f.params().iter().filter_map(|&p| dfg.value_name(p)).collect();
    taken.extend(f.insts_in_order().filter_map(|(_, i)| dfg.inst_result(i)).filter_map(|r| dfg.value_name(r)));
    if !taken.contains(name) {
        return name.to_owned();
    }
    (1u64..).map(|k| format!("{name}{k}")).find(|c| !taken.contains(c.as_str())).expect("a free name")
}

/// The alignment `v` is known to have: an alloca's, else one.
fn known_align(f: &Function, v: Value) -> u64 {
    match f.dfg().value_inst(v).map(|i| &f.dfg().inst(i).kind) {
        Some(InstKind::Alloca { align: Some(a), .. }) => a.bytes(),
        _ => 1,
    }
}

/// A `musttail` call in a callee with variable arguments forwards them
/// (`...`): inlined, it gets the call site's variable arguments, with their
/// attributes, after its own (as LLVM's inliner does). The tail marker is
/// limited afterwards, so the forwarding call is `musttail` no more.
pub(crate) fn forward_varargs(m: &Module, f: &mut Function, clones: &[(Inst, Inst)], site: &InstData, callee: FuncId) {
    let Some(ci) = site.call_info() else { return };
    let Some((_, params, true)) = m.func(callee).and_then(|d| m.types.fn_sig(d.ty)) else { return };
    let extra: Vec<(Value, AttrSet)> = (params.len()..ci.num_args as usize)
        .map(|k| (site.call_args()[k], ci.param_attrs.get(k).cloned().unwrap_or_default()))
        .collect();
    if extra.is_empty() {
        return;
    }
    for &(_, ni) in clones {
        let d = f.dfg().inst(ni);
        if matches!(d.kind, InstKind::Call(_)) && d.call_info().is_some_and(|c| c.tail == TailKind::MustTail) {
            f.append_call_args(ni, &extra);
        }
    }
}

/// The call site's deopt state goes first in the `deopt` bundle of each
/// inlined call that has one (as LLVM's inliner does): deoptimizing there
/// must rebuild the caller's frame too. Calls without one stay so.
pub(crate) fn merge_deopt_state(f: &mut Function, clones: &[(Inst, Inst)], site: &InstData) {
    let Some(ci) = site.call_info() else { return };
    let Some(k) = ci.bundles.iter().position(|b| &*b.tag == "deopt") else { return };
    let state: Vec<Value> = site.args[ci.bundle_range(k)].to_vec();
    for &(_, ni) in clones {
        let has = f.dfg().inst(ni).call_info().is_some_and(|c| c.bundles.iter().any(|b| &*b.tag == "deopt"));
        if has && !state.is_empty() {
            opt_conv_ir::builder::prepend_bundle_operands(f.dfg_mut_preserving_cfg(), ni, "deopt", &state);
        }
    }
}

/// The tail-call markers of the inlined calls (`clones`, copy last): a
/// marker promises something of the callee's frame, which the caller's
/// now is, so each keeps at most the call site's marker (`site`: `None`
/// for an invoke): none at a plain call, `tail` at most at a `tail` call.
/// `notail` stays.
pub(crate) fn limit_tail_kinds(f: &mut Function, clones: &[(Inst, Inst)], site: Option<TailKind>) {
    let rank = |t: TailKind| match t {
        TailKind::None => 0,
        TailKind::Tail => 1,
        TailKind::MustTail => 2,
        TailKind::NoTail => 3,
    };
    let site = site.unwrap_or(TailKind::None);
    for &(_, ni) in clones {
        if let Some(info) = f.dfg_mut_preserving_cfg().inst_mut(ni).call_info_mut()
            && info.tail != TailKind::NoTail
            && rank(site) < rank(info.tail)
        {
            info.tail = site;
        }
    }
}
