//! Debug records of copied instructions. A pass that copies code copies
//! the records riding on it, as LLVM's cloning does: within a function
//! (unrolled iterations, threaded blocks) with the copy's values; into
//! another function (inlining) with locations given the call site as
//! `inlinedAt` and fresh assignment ids. Then, as LLVM, it removes the
//! records the copies made redundant.

use opt_conv_ir::debug::{DbgRecord, DbgVariableKind};
use opt_conv_ir::metadata::{MdBody, MdField, MdId};
use opt_conv_ir::{Block, Const, DataFlowGraph, Function, Inst, Module, SecondaryMap, Value, ValueDef};
use rustc_hash::{FxHashMap, FxHashSet};

/// Gives `to` (a copy of `from` in the same function) copies of the records
/// before `from`, their values mapped by `map`.
pub fn copy_within(f: &mut Function, from: Inst, to: Inst, map: impl Fn(Value) -> Value) {
    let recs = f.layout().dbg_records(from);
    if recs.is_empty() {
        return;
    }
    let mut recs = recs.to_vec();
    for r in &mut recs {
        r.map_values(&map);
    }
    let layout = f.layout_mut_preserving_cfg();
    let mut all = layout.dbg_records(to).to_vec();
    all.extend(recs);
    layout.set_dbg_records(to, all);
}

/// How the records of an inlined body are rewritten for one call site.
pub struct InlinedRecords<'a> {
    /// The call's `DILocation`.
    pub call_loc: MdId,
    /// The call site's own location node (see `MetadataTable::inlined_location`).
    pub site: &'a mut Option<MdId>,
    /// Locations already rewritten for this call.
    pub memo: &'a mut FxHashMap<MdId, MdId>,
    /// Assignment ids already replaced for this call.
    pub assign_ids: &'a mut FxHashMap<MdId, MdId>,
}

impl InlinedRecords<'_> {
    /// Copies the records of the callee's instructions onto their clones
    /// (`clones` pairs them, in the callee's order). Records riding on an
    /// instruction that was not cloned (the entry intrinsic the call site's
    /// token replaces) go to the next clone in its block.
    pub fn copy(
        &mut self,
        m: &mut Module,
        f: &mut Function,
        callee: &Function,
        clones: &[(Inst, Inst)],
        vmap: &mut SecondaryMap<Value, Option<Value>>,
    ) {
        let clone_of: FxHashMap<Inst, Inst> = clones.iter().copied().collect();
        let cdfg = callee.dfg();
        for b in callee.layout().blocks() {
            let mut pending: Vec<DbgRecord> = Vec::new();
            for i in callee.block_insts(b) {
                pending.extend(callee.layout().dbg_records(i).iter().cloned());
                let Some(&ni) = clone_of.get(&i) else { continue };
                if pending.is_empty() {
                    continue;
                }
                for r in &mut pending {
                    r.map_values(|v| caller_value(f, cdfg, vmap, v));
                    *r.loc_mut() = m.metadata.inlined_location(*r.loc_mut(), self.call_loc, self.site, self.memo);
                    if let Some(id) = r.assign_id_mut() {
                        *id = m.metadata.inlined_assign_id(*id, self.assign_ids);
                    }
                }
                f.layout_mut().set_dbg_records(ni, std::mem::take(&mut pending));
            }
        }
    }
}

/// The caller's value for callee value `v` in a record: its clone, a copy
/// of a constant, or `poison` for a value with no clone (a record is not a
/// use, and must not keep a placeholder alive).
fn caller_value(
    f: &mut Function,
    cdfg: &DataFlowGraph,
    vmap: &mut SecondaryMap<Value, Option<Value>>,
    v: Value,
) -> Value {
    if let Some(n) = vmap[v] {
        return n;
    }
    let c = match &cdfg.value(v).def {
        ValueDef::Const(c) => (**c).clone(),
        _ => Const::poison(cdfg.value_type(v)),
    };
    let n = f.dfg_mut().make_const(c);
    vmap[v] = Some(n);
    n
}

/// A variable in one inlined copy: the `DILocalVariable` and the record's
/// `inlinedAt`.
type VariableAt = (MdId, Option<MdId>);

/// Removes the records of `blocks` that say nothing new, as LLVM does after
/// unrolling and threading (which leave copies of the same records side by
/// side): in a run of records before one instruction, an earlier record
/// of a variable, expression and inlining site that a later one in the run
/// describes again; and a `#dbg_value` giving a variable the values and
/// expression it already has from an earlier record of the block.
/// `#dbg_assign` records are kept (they may be linked to stores) and
/// declarations are not values.
pub fn remove_redundant(m: &Module, f: &mut Function, blocks: &[Block]) {
    if !f.layout().has_dbg_records() {
        return;
    }
    let inlined_at = |loc: MdId| match m.metadata.field(loc, "inlinedAt") {
        Some(MdField::Node(n)) => Some(*n),
        _ => None,
    };
    // Expressions are compared by content: each record written inline
    // (`!DIExpression()`) is a node of its own.
    let expr = |e: MdId| &m.metadata.nodes[e].body;
    for &b in blocks {
        if !f.layout().is_block_inserted(b) {
            continue;
        }
        // What each variable (and inlining site) was last said to be.
        let mut known: FxHashMap<VariableAt, (Vec<Value>, &MdBody)> = FxHashMap::default();
        let insts: Vec<Inst> = f.block_insts(b).collect();
        for i in insts {
            let recs = f.layout().dbg_records(i);
            if recs.is_empty() {
                continue;
            }
            let mut keep = vec![true; recs.len()];
            // Backward: the last record of a variable in the run wins.
            let mut seen = FxHashSet::default();
            for (k, r) in recs.iter().enumerate().rev() {
                if let DbgRecord::Variable(v) = r
                    && !seen.insert((v.variable, expr(v.expression), inlined_at(v.loc)))
                    && v.kind != DbgVariableKind::Assign
                {
                    keep[k] = false;
                }
            }
            // Forward: a value the variable already has.
            for (k, r) in recs.iter().enumerate() {
                let DbgRecord::Variable(v) = r else { continue };
                if !keep[k] || v.kind == DbgVariableKind::Declare {
                    continue;
                }
                let key = (v.variable, inlined_at(v.loc));
                if v.kind != DbgVariableKind::Value {
                    // What an assignment or declared value leaves is not
                    // tracked here: no later record is judged against it.
                    known.remove(&key);
                    continue;
                }
                let values: Vec<Value> = v.location.values().to_vec();
                let same = known.get(&key).is_some_and(|(vals, e)| {
                    *e == expr(v.expression)
                        && vals.len() == values.len()
                        && vals.iter().zip(&values).all(|(&a, &b)| same_value(f, a, b))
                });
                if same {
                    keep[k] = false;
                } else {
                    known.insert(key, (values, expr(v.expression)));
                }
            }
            if keep.iter().all(|&k| k) {
                continue;
            }
            let kept: Vec<DbgRecord> = recs.iter().zip(&keep).filter(|&(_, &k)| k).map(|(r, _)| r.clone()).collect();
            f.layout_mut_preserving_cfg().set_dbg_records(i, kept);
        }
    }
}

/// The same value: one entity, or two constants with the same content
/// (each record's constant is its own value).
fn same_value(f: &Function, a: Value, b: Value) -> bool {
    a == b
        || matches!((&f.dfg().value(a).def, &f.dfg().value(b).def), (ValueDef::Const(x), ValueDef::Const(y)) if x == y)
}
