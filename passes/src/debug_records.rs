//! Debug records of copied instructions. A pass that copies code copies
//! the records riding on it, as LLVM's cloning does: within a function
//! (unrolled iterations, threaded blocks) with the copy's values; into
//! another function (inlining) with locations given the call site as
//! `inlinedAt` and fresh assignment ids. Then, as LLVM, it removes the
//! records the copies made redundant.

use opt_conv_ir::constant::sext;
use opt_conv_ir::debug::{DbgLocation, DbgRecord, DbgVariableKind};
use opt_conv_ir::inst::BinOp;
use opt_conv_ir::metadata::{MdBody, MdField, MdId, MetadataSink};
use opt_conv_ir::{Block, Const, DataFlowGraph, Function, Inst, InstKind, Module, SecondaryMap, Value, ValueDef};
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
    // (`!DIExpression()`) is a node of its own. One made since the module
    // was read (a salvaged value's) is compared by identity.
    let expr = |e: MdId| m.metadata.nodes.get(e).map_or(Expr::Made(e), |n| Expr::Read(&n.body));
    for &b in blocks {
        if !f.layout().is_block_inserted(b) {
            continue;
        }
        // What each variable (and inlining site) was last said to be.
        let mut known: FxHashMap<VariableAt, (Vec<Value>, Expr<'_>)> = FxHashMap::default();
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

/// A `DIExpression` as [`remove_redundant`] compares it.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
enum Expr<'a> {
    /// One of the module as read, by content.
    Read(&'a MdBody),
    /// One made since, by identity.
    Made(MdId),
}

/// Before the instructions `dead` are deleted: the `#dbg_value` records
/// that give a variable the value of one that adds (or subtracts) a
/// constant to another value describe it instead as that value plus an
/// offset (`DW_OP_plus_uconst N`, or `DW_OP_constu N, DW_OP_minus`, then
/// `DW_OP_stack_value`), as LLVM's salvaging of debug info does, rather
/// than losing it (poison). New expressions go to `md`.
pub fn salvage(md: &mut impl MetadataSink, types: &opt_conv_ir::types::TypeTable, f: &mut Function, dead: &[Inst]) {
    if !f.layout().has_dbg_records() {
        return;
    }
    // The dead values that can be salvaged: (value, other operand, offset).
    let mut offsets: FxHashMap<Value, (Value, i128)> = FxHashMap::default();
    for &i in dead {
        let d = f.dfg().inst(i);
        let InstKind::Binary { op, .. } = d.kind else { continue };
        let Some(r) = d.result() else { continue };
        let Some(bits) = types.int_bits(f.dfg().value_type(r)).filter(|&b| b <= 64) else { continue };
        let Some(c) = d.args.get(1).and_then(|&a| f.dfg().value_const(a)).and_then(Const::as_int) else { continue };
        let c = sext(c, bits);
        let off = match op {
            BinOp::Add => c,
            BinOp::Sub => -c,
            _ => continue,
        };
        offsets.insert(r, (d.args[0], off));
    }
    if offsets.is_empty() {
        return;
    }
    let insts: Vec<Inst> = f.layout().blocks().flat_map(|b| f.block_insts(b)).collect();
    for i in insts {
        let recs = f.layout().dbg_records(i);
        let touched = recs.iter().any(|r| {
            matches!(r, DbgRecord::Variable(v) if v.kind == DbgVariableKind::Value
                && matches!(v.location, DbgLocation::Value(x) if offsets.contains_key(&x)))
        });
        if !touched {
            continue;
        }
        let mut recs = recs.to_vec();
        for r in &mut recs {
            let DbgRecord::Variable(v) = r else { continue };
            if v.kind != DbgVariableKind::Value {
                continue;
            }
            let DbgLocation::Value(x) = v.location else { continue };
            let Some(&(base, off)) = offsets.get(&x) else { continue };
            let Some(elems) = expression_elements(md, v.expression) else { continue };
            // A fragment must stay last; such expressions are left alone.
            if elems.iter().any(|e| e.starts_with("DW_OP_LLVM_")) {
                continue;
            }
            let mut ops: Vec<String> = match off {
                0 => Vec::new(),
                o if o > 0 => vec!["DW_OP_plus_uconst".into(), o.to_string()],
                o => vec!["DW_OP_constu".into(), (-o).to_string(), "DW_OP_minus".into()],
            };
            // Nothing prepended needs no stack value (as LLVM).
            let stack = ops.is_empty() || elems.iter().any(|e| e == "DW_OP_stack_value");
            ops.extend(elems);
            if !stack {
                ops.push("DW_OP_stack_value".into());
            }
            let fields = ops.into_iter().map(|e| (Box::<str>::from(""), MdField::Raw(e.into()))).collect();
            v.expression = md.add(false, MdBody::Specialized { name: "DIExpression".into(), fields });
            v.location = DbgLocation::Value(base);
        }
        f.layout_mut_preserving_cfg().set_dbg_records(i, recs);
    }
}

/// The elements of the `DIExpression` `e`.
fn expression_elements(md: &impl MetadataSink, e: MdId) -> Option<Vec<String>> {
    match &md.node(e)?.body {
        MdBody::Specialized { name, fields } if &**name == "DIExpression" => fields
            .iter()
            .map(|(_, x)| match x {
                MdField::Raw(s) => Some(s.to_string()),
                _ => None,
            })
            .collect(),
        _ => None,
    }
}

/// The same value: one entity, or two constants with the same content
/// (each record's constant is its own value).
fn same_value(f: &Function, a: Value, b: Value) -> bool {
    a == b
        || matches!((&f.dfg().value(a).def, &f.dfg().value(b).def), (ValueDef::Const(x), ValueDef::Const(y)) if x == y)
}
