//! Fresh `noalias` scopes for copies of code.
//!
//! Scoped alias metadata says that an access in scope S (`!alias.scope`)
//! and an access marked `!noalias` for S do not alias. A scope declared by
//! `llvm.experimental.noalias.scope.decl` in a region holds for one
//! execution of that region only: one iteration of a loop body, one call of
//! a function. When a pass copies such a region (each unrolled
//! iteration, each inlined call, each block copy of jump threading), the
//! copies must not share the scope, or alias analysis concludes that an
//! access of one copy and an access of another (a store of iteration 0 and
//! a load of iteration 1) do not alias, which nothing promised.
//!
//! Two ways, as LLVM does them:
//!
//! * [`CopyScopes`] (unrolling, jump threading): each scope *declared in
//!   the copied region* gets, per copy, a new distinct scope of the same
//!   domain, named `<name>:<suffix>` (`scope:It1`, `scope:thread`); the
//!   copy's declarations and its `!alias.scope`/`!noalias` lists name the
//!   new scopes. Scopes declared outside the region are the same for every
//!   copy and stay.
//! * [`clone_for_inlining`] (inlining): every scope, domain and list the
//!   inlined instructions reach from `!alias.scope`, `!noalias` and scope
//!   declarations is copied once per inlined call (new distinct domains and
//!   scopes, same names): two inlined calls never share one.
//!
//! Creating metadata needs the module's table mutably; a pass that reads
//! the module while it copies records a [`CopyScopes`] and applies it when
//! done (nothing else rewrites the copies' scope lists meanwhile).

use opt_conv_ir::metadata::{MdArg, MdBody, MdOperand, MetadataSink};
use opt_conv_ir::{Function, Inst, MdId, Module, Type, ValueDef};
use rustc_hash::{FxHashMap, FxHashSet};

/// The intrinsic that declares scopes.
pub const SCOPE_DECL: &str = "llvm.experimental.noalias.scope.decl";

/// The attachment kinds that name scopes.
const SCOPE_KINDS: [&str; 2] = ["alias.scope", "noalias"];

/// The scope list a scope declaration `i` declares, if `i` is one.
pub fn declared_list(m: &Module, f: &Function, i: Inst) -> Option<MdId> {
    let d = f.dfg().inst(i);
    if opt_conv_legality::convergence::callee_decl(m, f, d).is_none_or(|c| &*c.name != SCOPE_DECL) {
        return None;
    }
    let &arg = d.call_args().first()?;
    match &f.dfg().value(arg).def {
        ValueDef::Md(md) => match &**md {
            MdArg::Md(MdOperand::Node(n)) => Some(*n),
            _ => None,
        },
        _ => None,
    }
}

/// The scopes declared by the declarations among `insts`, in order, each once
/// (their lists read through `md`, which sees nodes not yet in `m`).
pub fn declared_scopes(
    m: &Module,
    md: &impl MetadataSink,
    f: &Function,
    insts: impl IntoIterator<Item = Inst>,
) -> Vec<MdId> {
    let mut out = Vec::new();
    let mut seen = FxHashSet::default();
    for i in insts {
        let Some(list) = declared_list(m, f, i) else { continue };
        for op in md.tuple_ops(list).unwrap_or(&[]) {
            if let MdOperand::Node(s) = op
                && seen.insert(*s)
            {
                out.push(*s);
            }
        }
    }
    out
}

/// Fresh scopes for one copy of a region: the scopes declared in the
/// original region, the copy's instructions, and the suffix of the new
/// scopes' names.
#[derive(Clone, Debug)]
pub struct CopyScopes {
    scopes: Vec<MdId>,
    insts: Vec<Inst>,
    decls: FxHashSet<Inst>,
    suffix: String,
}

impl CopyScopes {
    /// A renaming of `scopes` in the copies `insts` of `f`, new names
    /// ending in `:suffix`.
    pub fn new(m: &Module, f: &Function, scopes: Vec<MdId>, insts: Vec<Inst>, suffix: &str) -> CopyScopes {
        let decls = if scopes.is_empty() {
            FxHashSet::default()
        } else {
            insts.iter().copied().filter(|&i| declared_list(m, f, i).is_some()).collect()
        };
        CopyScopes { scopes, insts, decls, suffix: suffix.to_owned() }
    }

    /// Whether there is nothing to rename.
    pub fn is_empty(&self) -> bool {
        self.scopes.is_empty() || self.insts.is_empty()
    }

    /// Creates the new scopes in `table` and makes the copies (those still
    /// in the function) name them.
    pub fn apply(self, table: &mut impl MetadataSink, f: &mut Function) {
        if self.is_empty() {
            return;
        }
        let mut map: FxHashMap<MdId, MdId> = FxHashMap::default();
        for &s in &self.scopes {
            let Some(ops) = table.tuple_ops(s).map(<[MdOperand]>::to_vec) else { continue };
            let new = table.add(true, MdBody::Undefined);
            let ops = ops
                .into_iter()
                .enumerate()
                .map(|(k, op)| match op {
                    MdOperand::Node(n) if n == s => MdOperand::Node(new),
                    MdOperand::Str(name) if k == 2 => {
                        let mut name = name.into_vec();
                        name.push(b':');
                        name.extend_from_slice(self.suffix.as_bytes());
                        MdOperand::Str(name.into())
                    }
                    op => op,
                })
                .collect();
            table.set_body(new, MdBody::Tuple(ops));
            map.insert(s, new);
        }
        remap_lists(table, f, &self.insts, &self.decls, &map);
    }
}

/// In `insts`, the `!alias.scope`/`!noalias` lists and the declarations'
/// lists (`decls`) with the scopes of `map` replaced.
fn remap_lists<S: MetadataSink>(
    table: &mut S,
    f: &mut Function,
    insts: &[Inst],
    decls: &FxHashSet<Inst>,
    map: &FxHashMap<MdId, MdId>,
) {
    let mut lists: FxHashMap<MdId, MdId> = FxHashMap::default();
    let mut remap = |table: &mut S, list: MdId| -> MdId {
        if let Some(&l) = lists.get(&list) {
            return l;
        }
        let new = match table.tuple_ops(list) {
            Some(ops) if ops.iter().any(|o| matches!(o, MdOperand::Node(n) if map.contains_key(n))) => {
                let ops = ops
                    .iter()
                    .map(|o| match o {
                        MdOperand::Node(n) => MdOperand::Node(map.get(n).copied().unwrap_or(*n)),
                        o => o.clone(),
                    })
                    .collect();
                // It names a new scope: no existing node can be equal.
                table.add(false, MdBody::Tuple(ops))
            }
            _ => list,
        };
        lists.insert(list, new);
        new
    };
    for &i in insts {
        if f.layout().inst_block(i).is_none() {
            continue;
        }
        let md = f.dfg().inst_metadata(i).to_vec();
        let mut changed = false;
        let md: Vec<_> = md
            .into_iter()
            .map(|(k, n)| {
                if SCOPE_KINDS.contains(&&*k) {
                    let r = remap(table, n);
                    changed |= r != n;
                    (k, r)
                } else {
                    (k, n)
                }
            })
            .collect();
        if changed {
            f.dfg_mut_preserving_cfg().set_all_inst_md(i, md);
        }
        // A declaration's operand: a new metadata value (the original's may
        // be shared with the instruction it was copied from).
        if !decls.contains(&i) {
            continue;
        }
        let d = f.dfg().inst(i);
        let Some(&arg) = d.call_args().first() else { continue };
        let ValueDef::Md(md) = &f.dfg().value(arg).def else { continue };
        let MdArg::Md(MdOperand::Node(list)) = &**md else { continue };
        let list = *list;
        let new = remap(table, list);
        if new == list {
            continue;
        }
        let arg = MdArg::Md(MdOperand::Node(new));
        let v = f.dfg_mut_preserving_cfg().make_value(Type::METADATA, ValueDef::Md(Box::new(arg)));
        // The first call argument follows the callee among the operands.
        f.set_operand(i, 1, v);
    }
}

/// Gives the instructions `insts`, just inlined from one call, their own
/// copy of every scope, domain and scope list they reach through
/// `!alias.scope`, `!noalias` and scope declarations.
pub fn clone_for_inlining(m: &mut Module, f: &mut Function, insts: &[Inst]) {
    // The lists the copies name.
    let mut roots: Vec<MdId> = Vec::new();
    let mut decls: FxHashSet<Inst> = FxHashSet::default();
    for &i in insts {
        for (k, n) in f.dfg().inst_metadata(i) {
            if SCOPE_KINDS.contains(&&**k) {
                roots.push(*n);
            }
        }
        if let Some(l) = declared_list(m, f, i) {
            roots.push(l);
            decls.insert(i);
        }
    }
    if roots.is_empty() {
        return;
    }
    let table = &mut m.metadata;
    // Scopes and domains: the tuples the lists reach, walked without recursion.
    let mut reached: Vec<MdId> = Vec::new();
    let mut seen: FxHashSet<MdId> = roots.iter().copied().collect();
    let mut stack: Vec<MdId> = Vec::new();
    for &r in &roots {
        for op in table.tuple_ops(r).unwrap_or(&[]) {
            if let MdOperand::Node(n) = op {
                stack.push(*n);
            }
        }
    }
    while let Some(n) = stack.pop() {
        if !seen.insert(n) {
            continue;
        }
        let Some(ops) = table.tuple_ops(n) else { continue };
        reached.push(n);
        for op in ops {
            if let MdOperand::Node(x) = op {
                stack.push(*x);
            }
        }
    }
    // Deterministic order: by the original ids.
    reached.sort_unstable();
    let mut map: FxHashMap<MdId, MdId> = FxHashMap::default();
    for &n in &reached {
        map.insert(n, table.add(true, MdBody::Undefined));
    }
    for &n in &reached {
        let ops = table
            .tuple_ops(n)
            .unwrap_or(&[])
            .iter()
            .map(|o| match o {
                MdOperand::Node(x) => MdOperand::Node(map.get(x).copied().unwrap_or(*x)),
                o => o.clone(),
            })
            .collect();
        table.nodes[map[&n]].body = MdBody::Tuple(ops);
    }
    remap_lists(table, f, insts, &decls, &map);
}
