//! Sinking the common trailing code of a block's predecessors into it
//! (LLVM's `sinkCommonCodeFromPredecessors`, under `sink-common-insts`).
//!
//! The predecessors that end in `br label %bb` are walked from their last
//! instruction up, in lockstep; a row of instructions, one per predecessor,
//! sinks when they are the same operation (operands aside, flags, metadata
//! and call attributes merged as [`opt_conv_ir::merge`] merges them; calls
//! whose attributes cannot be merged stay), used the same way (each only by
//! the phis of `bb` and the rows below it, at the same places), and every
//! operand that differs may become a phi (not the immediate arguments of
//! intrinsics, not a callee, not a struct index, not a `swifterror`
//! pointer, ...). At most one phi per sunk instruction is made for operands
//! computed by instructions that stay behind (LLVM's profitability rule).
//! When `bb` has other predecessors, the sinking ones are first routed
//! through a new block `<bb>.sink.split`, which the sunk code starts.
//!
//! # Convergence
//!
//! LLVM never sinks a convergent call. Here the oracle decides: each pair
//! of a row that would become one convergent operation is a
//! [`Query::Merge`] at the start of `bb` (merging down into a join crosses
//! the branches that merging up into their dominator would). A refusal ends
//! the row's scan with a missed remark. Sinking into a block split off for
//! the purpose is not asked for: the block does not exist when the question
//! must be answered, so convergent operations are not sunk there.
//!
//! [`Query::Merge`]: opt_conv_legality::oracle::Query::Merge

use super::Simplifier;
use super::hoist::safe_to_speculate;
use crate::module_edits::BufferedMetadata;
use crate::remarks::{RemarkKind, block_label, inst_label};
use opt_conv_ir::analysis::FunctionAnalyses;
use opt_conv_ir::constant::{ConstExpr, ConstKind};
use opt_conv_ir::dfg::ValueDef;
use opt_conv_ir::edit::{Replacements, move_to_block_start, remove_inst};
use opt_conv_ir::inst::{BinOp, TailKind};
use opt_conv_ir::merge::{merge_in, merge_kind};
use opt_conv_ir::types::TypeData;
use opt_conv_ir::{Block, Function, Inst, InstData, InstKind, Module, Type, Value};
use opt_conv_legality::convergence::{callee_decl, is_convergent_op};
use opt_conv_legality::oracle::{InsertPoint, Query, Verdict};
use rustc_hash::{FxHashMap, FxHashSet};

/// A use: the instruction and the index of the operand.
type Use = (Inst, usize);

/// How many blocks down a unique-successor chain LLVM looks for an
/// `unreachable` or a deoptimizing return.
const DEOPT_OR_UNREACHABLE_DEPTH: usize = 8;

impl Simplifier<'_, '_> {
    /// Sinks the common trailing instructions of the predecessors of `bb`
    /// that branch to it unconditionally into `bb`.
    pub(super) fn sink_common(&mut self, f: &mut Function, bb: Block) -> bool {
        let cfg = f.cfg();
        // LLVM's order of predecessors: the reverse of the edges' order.
        let mut preds: Vec<Block> = Vec::new();
        let mut others = false;
        for &p in cfg.preds(bb).iter().rev() {
            let unconditional = f.terminator(p).is_some_and(|t| {
                let d = f.dfg().inst(t);
                d.kind == InstKind::Br && d.args.is_empty()
            });
            if unconditional {
                if !preds.contains(&p) {
                    preds.push(p);
                }
            } else {
                others = true;
            }
        }
        drop(cfg);
        if preds.len() < 2 {
            return false;
        }
        let Some(mut row) = last_row(f, &preds) else { return false };
        // The operands that would need a phi, by use: first the phis of `bb`.
        let mut phi_ops: FxHashMap<Use, Vec<Value>> = FxHashMap::default();
        for phi in f.phis(bb) {
            let d = f.dfg().inst(phi);
            let Some(k0) = d.blocks.iter().position(|&b| b == preds[0]) else { return false };
            let vals: Option<Vec<Value>> = preds.iter().map(|&p| d.incoming(p)).collect();
            let Some(vals) = vals else { return false };
            phi_ops.insert((phi, k0), vals);
        }
        let mut rows: Vec<Vec<Inst>> = Vec::new();
        let mut to_sink: FxHashSet<Inst> = FxHashSet::default();
        loop {
            if !self.can_sink(f, bb, &row, &mut phi_ops, others) {
                break;
            }
            to_sink.extend(row.iter().copied());
            rows.push(row.clone());
            match row.iter().map(|&i| f.layout().prev_inst(i)).collect::<Option<Vec<Inst>>>() {
                Some(r) => row = r,
                None => break,
            }
        }
        if rows.is_empty() {
            return false;
        }
        let mut scan = rows.len();
        let followed = followed_by_deopt_or_unreachable(self.m, f, bb);
        if !followed {
            // The rows that would not make more than one phi of operands
            // computed by instructions staying behind.
            let profitable = |to_sink: &FxHashSet<Inst>, row: &[Inst]| -> bool {
                let i0 = row[0];
                let d = f.dfg().inst(i0);
                let mut phis = 0;
                for k in 0..d.args.len() {
                    let Some(vals) = phi_ops.get(&(i0, k)) else { continue };
                    if vals.iter().all(|&v| f.dfg().value_inst(v).is_some_and(|i| to_sink.contains(&i))) {
                        continue;
                    }
                    phis += 1;
                    // A load or store keeps the address computation it folds.
                    if is_mem_operand(d, k) && vals.iter().any(|&v| is_gep(f, v)) {
                        return false;
                    }
                }
                phis <= 1
            };
            let mut idx = 0;
            let mut profitable_set: FxHashSet<Inst> = FxHashSet::default();
            while idx < scan {
                if !profitable(&to_sink, &rows[idx]) {
                    break;
                }
                profitable_set.extend(rows[idx].iter().copied());
                idx += 1;
            }
            if idx == 0 {
                return false;
            }
            if idx < scan {
                scan = idx;
                to_sink = profitable_set.clone();
                // Fewer sunk rows may make earlier ones unprofitable too.
                let mut j = idx as isize - 1;
                while j >= 0 {
                    let r = &rows[j as usize];
                    for i in r {
                        profitable_set.remove(i);
                    }
                    // Judged against what is still to sink (LLVM's order).
                    if !profitable(&to_sink, r) {
                        scan = j as usize;
                        to_sink = profitable_set.clone();
                    }
                    j -= 1;
                }
            }
            if scan == 0 {
                return false;
            }
        }
        let mut dest = bb;
        if others {
            // Only worth a new block if something that could not simply be
            // executed anyway sinks.
            if !followed && !rows[..scan].iter().any(|r| !safe_to_speculate(self.m, f, r[0])) {
                return false;
            }
            dest = crate::cfg_edit::split_predecessors(f, bb, &preds, ".sink.split");
        }
        for r in &rows[..scan] {
            self.sink_row(f, dest, r);
        }
        true
    }

    /// LLVM's `canSinkInstructions`, with convergent operations put to the
    /// oracle: whether the row `row` (one instruction per predecessor) may
    /// become one instruction at the start of `bb`; records the operands
    /// that would need a phi in `phi_ops`.
    fn can_sink(
        &mut self,
        f: &mut Function,
        bb: Block,
        row: &[Inst],
        phi_ops: &mut FxHashMap<Use, Vec<Value>>,
        others: bool,
    ) -> bool {
        let m = self.m;
        for &i in row {
            let d = f.dfg().inst(i);
            let token = d.result().is_some_and(|v| m.types.is_token_like(f.dfg().value_type(v)));
            if d.is_phi() || d.is_eh_pad() || matches!(d.kind, InstKind::Alloca { .. }) || token {
                return false;
            }
            // A block looping on itself.
            if f.layout().inst_block(i) == Some(bb) {
                return false;
            }
            if d.call_info().is_some() {
                let asm = matches!(f.dfg().value(d.args[0]).def, ValueDef::Asm(_));
                if asm || crate::hoist::is_nomerge_call(m, f, i) {
                    return false;
                }
            }
        }
        let i0 = row[0];
        let d0 = f.dfg().inst(i0);
        for &i in &row[1..] {
            if !same_operation(f, d0, f.dfg().inst(i)) || f.dfg().inst_md(i, "mmra") != f.dfg().inst_md(i0, "mmra") {
                return false;
            }
        }
        // The use lists only for rows that got this far; all the checks
        // are LLVM's, in another order.
        let results: Vec<Option<Value>> = row.iter().map(|&i| f.dfg().inst_result(i)).collect();
        let lists: Vec<Vec<Use>> = results.iter().map(|r| r.map_or_else(Vec::new, |v| use_list(f, v))).collect();
        if lists.iter().any(|l| l.len() != lists[0].len()) {
            return false;
        }
        // Every use of the first is matched by the others at the same place.
        let results: Vec<Value> = results.into_iter().flatten().collect();
        if lists[0].iter().any(|u| phi_ops.get(u) != Some(&results)) {
            return false;
        }
        let f = &*f;
        let d0 = f.dfg().inst(i0);
        // Calls: all of the same function, or all indirect.
        if d0.call_info().is_some() {
            let direct = |i: Inst| f.dfg().direct_callee_of(f.dfg().inst(i)).is_some();
            let any_indirect = row.iter().any(|&i| !direct(i));
            if any_indirect {
                if row.iter().any(|&i| direct(i)) {
                    return false;
                }
            } else if row.iter().any(|&i| f.dfg().inst(i).args[0] != d0.args[0]) {
                return false;
            }
        }
        let mut new_ops: Vec<(Use, Vec<Value>)> = Vec::new();
        for k in 0..d0.args.len() {
            let v0 = d0.args[k];
            if row.iter().all(|&i| f.dfg().inst(i).args[k] == v0) {
                continue;
            }
            let constant = matches!(f.dfg().value(v0).def, ValueDef::Const(_));
            if (constant && !replacing_with_variable_is_cheap(m, f, d0, k))
                || !can_replace_with_variable(m, self, f, d0, k)
            {
                return false;
            }
            new_ops.push(((i0, k), row.iter().map(|&i| f.dfg().inst(i).args[k]).collect()));
        }
        if row.iter().any(|&i| is_convergent_op(m, f, f.dfg().inst(i))) && !self.may_sink_convergent(f, bb, row, others)
        {
            return false;
        }
        phi_ops.extend(new_ops);
        true
    }

    /// Whether the oracle lets the convergent row `row` become one
    /// operation at the start of `bb`; a refusal is a missed remark.
    fn may_sink_convergent(&mut self, f: &Function, bb: Block, row: &[Inst], others: bool) -> bool {
        if others {
            let msg = format!(
                "cannot sink {}: the block it would sink into does not exist yet (other predecessors branch to {})",
                inst_label(f, row[0]),
                block_label(f, bb)
            );
            self.remarks.push((RemarkKind::Missed, block_label(f, bb), msg));
            return false;
        }
        let oracle = match self.current_oracle(f) {
            Ok(o) => o,
            Err(why) => {
                let msg = format!("cannot sink {}: {why}", inst_label(f, row[0]));
                self.remarks.push((RemarkKind::Missed, block_label(f, bb), msg));
                return false;
            }
        };
        for &i in &row[1..] {
            let v = oracle.ask(f, &Query::Merge { a: row[0], b: i, to: InsertPoint::BlockStart(bb) });
            if let Verdict::Refused(r) = v {
                let msg = format!("cannot sink {} and {}: {r}", inst_label(f, row[0]), inst_label(f, i));
                self.remarks.push((RemarkKind::Missed, block_label(f, bb), msg));
                return false;
            }
        }
        true
    }

    /// LLVM's `sinkLastInstruction`: the row becomes its first instruction,
    /// at the start of `dest`, with a phi for each operand that differs.
    fn sink_row(&mut self, f: &mut Function, dest: Block, row: &[Inst]) {
        let i0 = row[0];
        let from: Vec<Block> = row.iter().filter_map(|&i| f.layout().inst_block(i)).collect();
        let msg = format!(
            "sank {} from {} into {}",
            inst_label(f, i0),
            from.iter().map(|&b| block_label(f, b)).collect::<Vec<_>>().join(", "),
            block_label(f, dest)
        );
        let d0 = f.dfg().inst(i0).clone();
        // LLVM's operand order: a call's callee comes last.
        let order: Vec<usize> = if d0.call_info().is_some() {
            (1..d0.args.len()).chain(std::iter::once(0)).collect()
        } else {
            (0..d0.args.len()).collect()
        };
        let mut args = d0.args.to_vec();
        for k in order {
            let v0 = d0.args[k];
            let vals: Vec<Value> = row.iter().map(|&i| f.dfg().inst(i).args[k]).collect();
            if vals.iter().all(|&v| v == v0) {
                continue;
            }
            let ty = f.dfg().value_type(v0);
            let phi = f
                .dfg_mut_preserving_cfg()
                .make_inst(InstData::new(InstKind::Phi { fmf: Default::default() }, &vals, &from), ty);
            f.layout_mut_preserving_cfg().prepend_inst(phi, dest);
            let name = format!("{}.sink", f.dfg().value_name(v0).unwrap_or(""));
            let r = f.dfg().inst_result(phi).expect("a phi has a result");
            f.dfg_mut_preserving_cfg().set_value_name(r, Some(&name));
            args[k] = r;
        }
        if args != d0.args.to_vec() {
            f.set_operands(i0, &args);
        }
        move_to_block_start(f, i0, dest);
        let mut repl = Replacements::new();
        for &i in &row[1..] {
            let md = BufferedMetadata { m: self.m, edits: &mut *self.edits };
            if let Ok(merged) = merge_in(self.m, &md, f, i0, i) {
                let mut md = BufferedMetadata { m: self.m, edits: &mut *self.edits };
                merged.apply(f, i0).attach(&mut md, &mut self.locations, f);
            }
        }
        // The phis that joined the results go: the sunk result replaces them.
        if let Some(v0) = f.dfg().inst_result(i0) {
            let joined: Vec<Inst> = f.phis(dest).filter(|&p| f.dfg().inst(p).args.contains(&v0)).collect();
            for p in joined {
                if let Some(r) = f.dfg().inst_result(p) {
                    repl.insert(r, v0);
                }
                remove_inst(f, p);
            }
            // What still names the others (debug records) names the sunk one.
            for &i in &row[1..] {
                if let Some(v) = f.dfg().inst_result(i) {
                    repl.insert(v, v0);
                }
            }
        }
        repl.apply(f);
        let convergent = is_convergent_op(self.m, f, f.dfg().inst(i0));
        for &i in &row[1..] {
            remove_inst(f, i);
        }
        if convergent && let Some(o) = self.oracle.as_mut() {
            o.refresh(f);
        }
        self.remarks.push((RemarkKind::Passed, block_label(f, dest), msg));
    }
}

/// The last instruction before the terminator of each block, if every block
/// has one.
fn last_row(f: &Function, blocks: &[Block]) -> Option<Vec<Inst>> {
    blocks.iter().map(|&b| f.terminator(b).and_then(|t| f.layout().prev_inst(t))).collect()
}

/// The uses of `v` (instruction and operand index), an instruction using it
/// twice counting twice.
fn use_list(f: &mut Function, v: Value) -> Vec<Use> {
    let mut out = Vec::new();
    for u in f.users_of(v) {
        for (k, &a) in f.dfg().inst(u).args.iter().enumerate() {
            if a == v {
                out.push((u, k));
            }
        }
    }
    out
}

/// LLVM's `isSameOperationAs` comparing call attributes by whether they can
/// be intersected: the same operation on operands of the same types, with
/// the same alignment, volatility, ordering, predicate, indices, calling
/// convention and tail-call marker; poison-generating and fast-math flags
/// may differ (they are intersected).
fn same_operation(f: &Function, a: &InstData, b: &InstData) -> bool {
    use InstKind as K;
    if std::mem::discriminant(&a.kind) != std::mem::discriminant(&b.kind) || a.args.len() != b.args.len() {
        return false;
    }
    let ty = |d: &InstData| d.result().map(|v| f.dfg().value_type(v));
    if ty(a) != ty(b) {
        return false;
    }
    if a.args.iter().zip(&b.args).any(|(&x, &y)| f.dfg().value_type(x) != f.dfg().value_type(y)) {
        return false;
    }
    match (&a.kind, &b.kind) {
        (K::Binary { op: x, .. }, K::Binary { op: y, .. }) if x != y => return false,
        (K::Cast { op: x, .. }, K::Cast { op: y, .. }) if x != y => return false,
        (K::ICmp { pred: x, .. }, K::ICmp { pred: y, .. }) if x != y => return false,
        (K::FCmp { pred: x, .. }, K::FCmp { pred: y, .. }) if x != y => return false,
        (K::Load { .. }, _) | (K::Store { .. }, _) => return a.kind == b.kind,
        (K::Call(x), K::Call(y)) => {
            let tail = |t: TailKind| matches!(t, TailKind::Tail | TailKind::MustTail);
            if tail(x.tail) != tail(y.tail) {
                return false;
            }
        }
        _ => {}
    }
    merge_kind(&a.kind, &b.kind).is_ok()
}

/// LLVM's `replacingOperandWithVariableIsCheap`: not a divisor, nor any
/// operand of an intrinsic.
fn replacing_with_variable_is_cheap(m: &Module, f: &Function, d: &InstData, k: usize) -> bool {
    if let InstKind::Binary { op, .. } = d.kind
        && matches!(op, BinOp::UDiv | BinOp::SDiv | BinOp::URem | BinOp::SRem)
    {
        return k != 1;
    }
    !(matches!(d.kind, InstKind::Call(_)) && callee_decl(m, f, d).is_some_and(|c| c.is_intrinsic()))
}

/// LLVM's `canReplaceOperandWithVariable`: whether operand `k` of `d` may
/// become a phi.
fn can_replace_with_variable(m: &Module, s: &Simplifier<'_, '_>, f: &Function, d: &InstData, k: usize) -> bool {
    let v = d.args[k];
    let ty = f.dfg().value_type(v);
    if m.types.is_token_like(ty) || ty == Type::METADATA || matches!(f.dfg().value(v).def, ValueDef::Md(_)) {
        return false;
    }
    if is_swifterror(m, s, f, v) {
        return false;
    }
    let decl = callee_decl(m, f, d);
    let name = decl.map_or("", |c| &*c.name);
    if name.starts_with("llvm.lifetime.start") || name.starts_with("llvm.lifetime.end") {
        return false;
    }
    if !matches!(f.dfg().value(v).def, ValueDef::Const(_) | ValueDef::Asm(_)) {
        return true;
    }
    match &d.kind {
        InstKind::Call(c) | InstKind::Invoke(c) => {
            if matches!(f.dfg().value(d.args[0]).def, ValueDef::Asm(_)) {
                return false;
            }
            let intrinsic = decl.is_some_and(|c| c.is_intrinsic());
            if k == 0 {
                return !intrinsic;
            }
            let arg = k - 1;
            if arg >= c.num_args as usize {
                // A bundle operand.
                return false;
            }
            let fixed = m.types.fn_sig(c.fn_ty).map_or(0, |(_, p, _)| p.len());
            if intrinsic && arg >= fixed {
                return name == "llvm.experimental.stackmap";
            }
            if name == "llvm.gcroot" || name.starts_with("llvm.threadlocal.address") {
                return false;
            }
            let immarg = c.param_attrs.get(arg).is_some_and(|a| a.has("immarg"))
                || decl.and_then(|x| x.param_attrs.get(arg)).is_some_and(|a| a.has("immarg"));
            !immarg
        }
        InstKind::ShuffleVector => k != 2,
        InstKind::ExtractValue { .. } => k == 0,
        InstKind::InsertValue { .. } => k < 2,
        InstKind::Gep { source, .. } => {
            // No struct is indexed up to and including operand `k`.
            let mut cur = *source;
            for p in 2..=k {
                if matches!(m.types.get(cur), TypeData::Struct { .. } | TypeData::Named { .. }) {
                    return false;
                }
                let idx = f.dfg().value_const(d.args[p]).and_then(|c| c.as_int()).unwrap_or(0);
                match m.types.element(cur, idx as u64) {
                    Some(t) => cur = t,
                    None => break,
                }
            }
            true
        }
        _ => true,
    }
}

/// Whether `v` is a `swifterror` argument or alloca.
fn is_swifterror(m: &Module, s: &Simplifier<'_, '_>, f: &Function, v: Value) -> bool {
    match f.dfg().value(v).def {
        ValueDef::Param(n) => {
            m.func(s.fid).and_then(|d| d.param_attrs.get(n as usize)).is_some_and(|a| a.has("swifterror"))
        }
        ValueDef::Inst(i) => matches!(f.dfg().inst(i).kind, InstKind::Alloca { swifterror: true, .. }),
        _ => false,
    }
}

/// Whether operand `k` of `d` is the address of a load or store.
fn is_mem_operand(d: &InstData, k: usize) -> bool {
    match d.kind {
        InstKind::Load { .. } => k == 0,
        InstKind::Store { .. } => k == 1,
        _ => false,
    }
}

/// Whether `v` is a `getelementptr` (instruction or constant expression).
fn is_gep(f: &Function, v: Value) -> bool {
    match &f.dfg().value(v).def {
        ValueDef::Inst(i) => matches!(f.dfg().inst(*i).kind, InstKind::Gep { .. }),
        ValueDef::Const(c) => matches!(&c.kind, ConstKind::Expr(e) if matches!(**e, ConstExpr::Gep { .. })),
        _ => false,
    }
}

/// LLVM's `IsBlockFollowedByDeoptOrUnreachable`: `b`, or a block down its
/// chain of unique successors (8 at most), ends in `unreachable` or returns
/// what a call of `llvm.experimental.deoptimize` right before gives.
fn followed_by_deopt_or_unreachable(m: &Module, f: &Function, b: Block) -> bool {
    let mut cur = Some(b);
    let mut seen: Vec<Block> = Vec::new();
    let mut depth = 0;
    while let Some(x) = cur {
        if depth >= DEOPT_OR_UNREACHABLE_DEPTH || seen.contains(&x) {
            return false;
        }
        depth += 1;
        seen.push(x);
        let Some(t) = f.terminator(x) else { return false };
        let td = f.dfg().inst(t);
        if td.kind == InstKind::Unreachable {
            return true;
        }
        if td.kind == InstKind::Ret
            && let Some(p) = f.layout().prev_inst(t)
            && callee_decl(m, f, f.dfg().inst(p)).is_some_and(|c| &*c.name == "llvm.experimental.deoptimize")
        {
            return true;
        }
        let succs = f.successors(x);
        cur = match succs.first() {
            Some(&s) if succs.iter().all(|&y| y == s) => Some(s),
            _ => None,
        };
    }
    false
}
