//! `globaldce` (LLVM's `GlobalDCEPass`): deletes the functions, variables,
//! aliases and ifuncs nothing live refers to.
//!
//! First, as LLVM: the entries of `@llvm.global_ctors` whose constructor
//! does nothing (its entry block starts with `ret void`) leave the list, so
//! an internal constructor that did nothing goes too.
//!
//! Live to begin with: each definition whose linkage keeps it even unused
//! (not `internal`, `private`, `linkonce`, `linkonce_odr` or
//! `available_externally`): a function with a body, a variable with an
//! initializer (`@llvm.used` and `@llvm.global_ctors` among them), an alias
//! or ifunc. Then whatever a live global names is live: a function's
//! instructions (callees included), its personality, prefix and prologue; a
//! variable's initializer; an alias's aliasee, an ifunc's resolver; and every
//! member of a live global's comdat. The rest goes, unused declarations
//! included. A metadata tuple that named a deleted global holds `null` there
//! and becomes `distinct`, as LLVM's does when a constant it holds is
//! deleted.
//!
//! Kept where LLVM deletes: a global named by debug records, by a
//! `metadata` call argument or by a debug-information field LLVM does not
//! parse into a node (these are references here; LLVM does not count them
//! and leaves the reference empty); a global named by the `!associated`
//! metadata of a live one (LLVM deletes it, and its output fails its own
//! verifier: `associated metadata must have a global value`); a function
//! named only by `blockaddress`
//! constants (LLVM does not count those either: it deletes the function and
//! the constants become `inttoptr (i32 1 to ptr)`).
//!
//! Not done: virtual function elimination (`-enable-vfe`, type metadata on
//! vtables).
//!
//! Convergence: deleting a function nothing can call or name changes no
//! execution.

use crate::pass::{ModuleCx, ModulePass, PassError};
use opt_conv_ir::constant::for_each_const;
use opt_conv_ir::metadata::{MdArg, MdBody, MdField, MdOperand};
use opt_conv_ir::{Changes, Const, ConstKind, EntitySet, Global, GlobalId, InstKind, Module, TypeData, ValueDef};
use rustc_hash::FxHashMap;

/// The pass.
pub struct GlobalDce;

impl ModulePass for GlobalDce {
    fn name(&self) -> &'static str {
        "globaldce"
    }
    fn class_name(&self) -> &'static str {
        "GlobalDCEPass"
    }
    fn run(&self, m: &mut Module, _cx: &mut ModuleCx<'_>) -> Result<Changes, PassError> {
        let pruned = drop_empty_ctors(m);
        let live = live_globals(m);
        let dead: Vec<GlobalId> = m.order().iter().copied().filter(|&g| !live.contains(g)).collect();
        if dead.is_empty() {
            return Ok(if pruned { Changes::ALL } else { Changes::NONE });
        }
        let gone: EntitySet<GlobalId> = dead.iter().copied().collect();
        forget_in_metadata(m, &gone);
        m.remove_globals(&dead);
        Ok(Changes::ALL)
    }
}

/// Removes from `@llvm.global_ctors` the entries whose constructor is a
/// function that does nothing (LLVM's `optimizeGlobalCtorsList` with
/// `isEmptyFunction`); the list is left alone where LLVM's reading of it
/// gives up (an entry naming something other than a function without
/// parameters, or an initializer not an array of entries). Whether the list
/// changed.
fn drop_empty_ctors(m: &mut Module) -> bool {
    let Some(g) = m.lookup("llvm.global_ctors") else { return false };
    let Global::Var(v) = &m.globals[g] else { return false };
    if v.externally_initialized {
        return false;
    }
    let Some(Const { ty, kind: ConstKind::Aggregate(entries) }) = &v.init else { return false };
    let mut remove = Vec::with_capacity(entries.len());
    for e in entries.iter() {
        let ctor = match &e.kind {
            ConstKind::Zero => None,
            ConstKind::Aggregate(fields) if fields.len() >= 2 => match &fields[1].kind {
                ConstKind::Null => None,
                ConstKind::Global(c) => match m.func(*c) {
                    Some(d) if m.types.fn_sig(d.ty).is_some_and(|s| s.1.is_empty()) => Some(*c),
                    _ => return false,
                },
                _ => return false,
            },
            _ => return false,
        };
        remove.push(ctor.is_some_and(|c| does_nothing(m, c)));
    }
    if !remove.contains(&true) {
        return false;
    }
    let elem = m.types.element(*ty, 0).expect("an array's element type");
    let kept: Vec<Const> = entries.iter().zip(&remove).filter(|&(_, &r)| !r).map(|(e, _)| e.clone()).collect();
    let arr = m.types.intern(TypeData::Array { len: kept.len() as u64, elem });
    // An array of null values is `zeroinitializer`, as LLVM's constants are.
    let kind = if kept.iter().all(is_null_value) { ConstKind::Zero } else { ConstKind::Aggregate(kept.into()) };
    // LLVM makes a new list in the old one's place, which keeps its
    // linkage, constness, thread-local mode and address space only.
    if let Global::Var(v) = &mut m.globals[g] {
        let old = std::mem::take(&mut v.props);
        v.props.linkage = old.linkage;
        v.props.thread_local = old.thread_local;
        v.props.addrspace = old.addrspace;
        v.attrs = Default::default();
        v.code_model = None;
        v.ty = arr;
        v.init = Some(Const { ty: arr, kind });
    }
    true
}

/// Whether function `f` has a body whose entry block starts (debug and
/// pseudo-probe intrinsics aside) with `ret void` (LLVM's
/// `isEmptyFunction`).
fn does_nothing(m: &Module, f: GlobalId) -> bool {
    let Some(body) = m.body(f) else { return false };
    let Some(entry) = body.entry_block() else { return false };
    let dfg = body.dfg();
    for i in body.block_insts(entry) {
        let d = dfg.inst(i);
        let pseudo = d.call_info().is_some()
            && dfg
                .direct_callee(i)
                .and_then(|c| m.func(c))
                .is_some_and(|c| c.name.starts_with("llvm.dbg.") || &*c.name == "llvm.pseudoprobe");
        if pseudo {
            continue;
        }
        return matches!(d.kind, InstKind::Ret) && d.args.is_empty();
    }
    false
}

/// Whether `c` is its type's null value (what LLVM prints as
/// `zeroinitializer` inside an aggregate).
fn is_null_value(c: &Const) -> bool {
    match &c.kind {
        ConstKind::Int(0) | ConstKind::Null | ConstKind::Zero => true,
        ConstKind::Float(bits) => *bits == 0,
        ConstKind::Aggregate(es) => es.iter().all(is_null_value),
        ConstKind::Bytes(bs) => bs.iter().all(|&b| b == 0),
        _ => false,
    }
}

/// Whether a global of `linkage` may go once nothing refers to it (LLVM's
/// `isDiscardableIfUnused`).
fn discardable(linkage: Option<&str>) -> bool {
    matches!(linkage, Some("internal" | "private" | "linkonce" | "linkonce_odr" | "available_externally"))
}

/// The globals reachable from the roots (see the module's comment).
fn live_globals(m: &Module) -> EntitySet<GlobalId> {
    let mut comdats: FxHashMap<&str, Vec<GlobalId>> = FxHashMap::default();
    for &g in m.order() {
        if let Some(c) = m.globals[g].props().and_then(|p| p.comdat.as_deref()) {
            comdats.entry(c).or_default().push(g);
        }
    }
    let mut live = EntitySet::new();
    let mut work: Vec<GlobalId> = Vec::new();
    let mark = |g: GlobalId, live: &mut EntitySet<GlobalId>, work: &mut Vec<GlobalId>| {
        if !matches!(m.globals[g], Global::Undefined(_)) && live.insert(g) {
            work.push(g);
        }
    };
    for &g in m.order() {
        let root = match &m.globals[g] {
            Global::Func(d) => m.has_body(g) && !discardable(d.props.linkage.as_deref()),
            Global::Var(v) => v.init.is_some() && !discardable(v.props.linkage.as_deref()),
            Global::Alias(a) => !discardable(a.props.linkage.as_deref()),
            Global::Undefined(_) => false,
        };
        if root {
            mark(g, &mut live, &mut work);
        }
    }
    for g in named_by_raw_metadata(m) {
        mark(g, &mut live, &mut work);
    }
    let mut consts: Vec<&Const> = Vec::new();
    while let Some(g) = work.pop() {
        if let Some(c) = m.globals[g].props().and_then(|p| p.comdat.as_deref()) {
            for &other in comdats.get(c).into_iter().flatten() {
                mark(other, &mut live, &mut work);
            }
        }
        references(m, g, &mut consts);
        for c in consts.drain(..) {
            for_each_const(c, &mut |x| {
                if let Some(r) = x.kind.named_global() {
                    mark(r, &mut live, &mut work);
                }
            });
        }
    }
    live
}

/// The constants `g` refers to.
fn references<'m>(m: &'m Module, g: GlobalId, out: &mut Vec<&'m Const>) {
    // `!associated` names the global a live one must not outlive: the
    // verifier refuses a null there (LLVM deletes the global anyway, and
    // its output then fails its own verifier).
    for (_, md) in m.globals[g].props().into_iter().flat_map(|p| &p.metadata).filter(|(k, _)| &**k == "associated") {
        if let MdBody::Tuple(ops) = &m.metadata.nodes[*md].body {
            out.extend(ops.iter().filter_map(|op| if let MdOperand::Const(c) = op { Some(c) } else { None }));
        }
    }
    match &m.globals[g] {
        Global::Var(v) => out.extend(&v.init),
        Global::Alias(a) => out.push(&a.target),
        Global::Func(d) => {
            out.extend([&d.prefix, &d.prologue, &d.personality].into_iter().flatten());
            let Some(body) = m.body(g) else { return };
            let dfg = body.dfg();
            for (_, i) in body.insts_in_order() {
                for &a in &dfg.inst(i).args {
                    match &dfg.value(a).def {
                        ValueDef::Const(c) => out.push(c),
                        ValueDef::Md(md) => match &**md {
                            MdArg::Md(MdOperand::Const(c)) => out.push(c),
                            MdArg::ArgList(vs) => out.extend(vs.iter().filter_map(|&v| dfg.value_const(v))),
                            _ => {}
                        },
                        _ => {}
                    }
                }
                for r in body.layout().dbg_records(i) {
                    out.extend(r.values().filter_map(|v| dfg.value_const(v)));
                }
            }
        }
        Global::Undefined(_) => {}
    }
}

/// The globals a debug-information field kept as text names (`value: ptr
/// @f` of a template parameter), which are kept: all of them when a name
/// cannot be read.
fn named_by_raw_metadata(m: &Module) -> Vec<GlobalId> {
    let mut out = Vec::new();
    for (_, n) in m.metadata.nodes.iter() {
        let MdBody::Specialized { fields, .. } = &n.body else { continue };
        for (_, field) in fields {
            let MdField::Raw(text) = field else { continue };
            if !text.contains('@') {
                continue;
            }
            match crate::dead_functions::global_names(text) {
                Some(names) => out.extend(names.iter().filter_map(|n| m.lookup(n))),
                None => out.extend(m.order().iter().copied()),
            }
        }
    }
    out
}

/// Empties the operands of metadata tuples that name a global of `gone`
/// (directly or inside a constant expression); such a tuple becomes
/// `distinct`.
fn forget_in_metadata(m: &mut Module, gone: &EntitySet<GlobalId>) {
    let names_gone = |c: &Const| {
        let mut hit = false;
        for_each_const(c, &mut |x| hit |= x.kind.named_global().is_some_and(|g| gone.contains(g)));
        hit
    };
    for (_, n) in m.metadata.nodes.iter_mut() {
        let MdBody::Tuple(ops) = &mut n.body else { continue };
        let mut changed = false;
        for op in ops.iter_mut() {
            if let MdOperand::Const(c) = op
                && names_gone(c)
            {
                *op = MdOperand::Null;
                changed = true;
            }
        }
        n.distinct |= changed;
    }
}
