//! Folding a block that holds only a conditional branch into a predecessor
//! that branches conditionally to it and to one of its successors (LLVM's
//! `SimplifyCondBranchToCondBranch`, its part for empty blocks):
//!
//! ```text
//! p:  br i1 %a, label %common, label %b      p:  %brmerge = select i1 %a, i1 true, i1 %c
//! b:  br i1 %c, label %common, label %other  =>   br i1 %brmerge, label %common, label %other
//! ```
//!
//! The phis of `common` receive a `select` on `%a` where `p` and `b` gave
//! different values (at most three phis, as LLVM), those of `other` the
//! value `b` gave. `b` stays for its other predecessors. Also, as LLVM: a
//! block whose only predecessor branches on the same condition branches on
//! a constant.
//!
//! Convergence: nothing moves (the new `select`s and `xor`s are not
//! convergent), but the edges change, and with them perhaps the cycles that
//! decide which threads converge. In a function with a convergent
//! operation the fold is made only where the cycles stay what they were,
//! `b` aside: `b` is on no cycle, or `p` and `b` are in the same innermost
//! cycle and `b` does not enter it. Then `p -> other` is inside or leaves
//! the same cycles `p -> b -> other` did, and no cycle gains an entry.
//! LLVM folds regardless; it has no notion of convergence here.
//!
//! Not done: branches with `!prof` weights (LLVM skips predecessors likely
//! to go to `common` and merges the weights), and an `or` instead of the
//! `select` where poison in the second condition implies poison in the
//! first (LLVM's `impliesPoison`).

use super::Simplifier;
use super::hoist::insert_before;
use crate::remarks::{RemarkKind, block_label};
use opt_conv_ir::analysis::FunctionAnalyses;
use opt_conv_ir::inst::{BinOp, IntFlags};
use opt_conv_ir::{Block, Const, Function, Inst, InstData, InstKind, Type, Value};

/// LLVM's limit: more phis in the common successor would each need a
/// `select`.
const MAX_PHIS: usize = 3;

impl Simplifier<'_, '_> {
    /// Folds `b`, which ends in a conditional branch, into the first
    /// predecessor that allows it. Whether something changed.
    pub(super) fn fold_into_predecessor_branch(&mut self, f: &mut Function, b: Block) -> bool {
        let Some(t) = f.terminator(b).filter(|&t| f.dfg().inst(t).is_cond_br()) else { return false };
        let cfg = f.cfg();
        let mut preds = cfg.preds(b).to_vec();
        drop(cfg);
        preds.dedup();
        for p in preds {
            let Some(pt) = f.terminator(p).filter(|&pt| pt != t && f.dfg().inst(pt).is_cond_br()) else {
                continue;
            };
            if self.same_condition(f, b, t, p, pt) || self.fold_empty(f, b, t, p, pt) {
                return true;
            }
        }
        false
    }

    /// `b`, whose only predecessor `p` branches on the condition `b`
    /// branches on, branches on what `p`'s branch decided.
    fn same_condition(&mut self, f: &mut Function, b: Block, t: Inst, p: Block, pt: Inst) -> bool {
        let (d, pd) = (f.dfg().inst(t), f.dfg().inst(pt));
        if pd.args[0] != d.args[0] || pd.blocks[0] == pd.blocks[1] || f.cfg().preds(b) != [p] {
            return false;
        }
        let taken = pd.blocks[0] == b;
        let c = Const::int(&self.m.types, Type::I1, u128::from(taken));
        let c = f.dfg_mut_preserving_cfg().make_const(c);
        f.set_operand(t, 0, c);
        true
    }

    fn fold_empty(&mut self, f: &mut Function, b: Block, t: Inst, p: Block, pt: Inst) -> bool {
        if f.block_insts(b).find(|&i| !is_debug_intrinsic(self.m, f, i)) != Some(t) {
            return false;
        }
        if f.dfg().inst_md(t, "prof").is_some() || f.dfg().inst_md(pt, "prof").is_some() {
            return false;
        }
        let (d, pd) = (f.dfg().inst(t), f.dfg().inst(pt));
        let (s, ps) = ([d.blocks[0], d.blocks[1]], [pd.blocks[0], pd.blocks[1]]);
        let Some((p_op, b_op)) = [(0, 0), (0, 1), (1, 0), (1, 1)].into_iter().find(|&(x, y)| ps[x] == s[y]) else {
            return false;
        };
        let (common, other) = (ps[p_op], s[b_op ^ 1]);
        // `other == b` would make an endless loop of `b` (LLVM then makes a
        // separate one); `other == common` is a branch that folds anyway.
        if common == b || other == b || other == common || f.phis(common).count() > MAX_PHIS {
            return false;
        }
        if !self.cycles_stay(f, p, b) {
            let msg = "not folding this branch into its predecessor's: in a function with convergent operations, \
                       that would change a cycle"
                .to_owned();
            self.remarks.push((RemarkKind::Missed, block_label(f, b), msg));
            return false;
        }
        let (p_cond, b_cond) = (pd.args[0], d.args[0]);
        let p_cond = if p_op == 1 { self.not(f, p_cond, pt) } else { p_cond };
        let b_cond = if b_op == 1 { self.not(f, b_cond, pt) } else { b_cond };
        let t_true = f.dfg_mut_preserving_cfg().make_const(Const::int(&self.m.types, Type::I1, 1));
        let merged = self.select(f, [p_cond, t_true, b_cond], "brmerge", pt);
        // The phis of `common` take, from `p`, what `p` or `b` gave.
        for phi in f.phis(common).collect::<Vec<_>>() {
            let from = |blk: Block| {
                let pd = f.dfg().inst(phi);
                pd.blocks.iter().position(|&x| x == blk).map(|k| (k, pd.args[k]))
            };
            let (Some((k, pv)), Some((_, bv))) = (from(p), from(b)) else { continue };
            if pv != bv {
                let name = format!("{}.mux", f.dfg().value_name(pv).unwrap_or(""));
                let mux = self.select(f, [p_cond, pv, bv], &name, pt);
                f.set_incoming_value_at(phi, k, mux);
            }
        }
        // Those of `other` take from `p` what `b` gave.
        for phi in f.phis(other).collect::<Vec<_>>() {
            let pd = f.dfg().inst(phi);
            if let Some(k) = pd.blocks.iter().position(|&x| x == b) {
                let v = pd.args[k];
                f.add_incoming(phi, v, p);
            }
        }
        let before = f.cfg();
        f.set_branch(pt, Some(merged), &[common, other]);
        f.update_cfg(before, &[p]);
        self.remarks.push((
            RemarkKind::Passed,
            block_label(f, b),
            format!("folded into the branch of {}", block_label(f, p)),
        ));
        true
    }

    /// Whether redirecting `p -> b -> other` to `p -> other` keeps the
    /// cycles as they are (see the module's comment); always so without
    /// convergent operations.
    fn cycles_stay(&mut self, f: &Function, p: Block, b: Block) -> bool {
        if self.sweep_cycles.as_ref().is_some_and(|k| !k.may_be_cyclic(b)) || !self.has_convergent(f) {
            return true;
        }
        let cycles = FunctionAnalyses::cycles(f);
        let c = cycles.cycle_of(b);
        c == cycles.cycle_of(p) && c.is_none_or(|c| !cycles.is_entry(c, b))
    }

    /// `xor i1 v, true`, named `v.not`, before `at`.
    fn not(&mut self, f: &mut Function, v: Value, at: Inst) -> Value {
        let one = f.dfg_mut_preserving_cfg().make_const(Const::int(&self.m.types, Type::I1, 1));
        let kind = InstKind::Binary { op: BinOp::Xor, flags: IntFlags::default(), fmf: Default::default() };
        let i = f.dfg_mut_preserving_cfg().make_inst(InstData::new(kind, &[v, one], &[]), Type::I1);
        let name = format!("{}.not", f.dfg().value_name(v).unwrap_or(""));
        self.place(f, i, &name, at)
    }

    /// `select` of `ops` (condition, true value, false value) before `at`.
    fn select(&mut self, f: &mut Function, ops: [Value; 3], name: &str, at: Inst) -> Value {
        let ty = f.dfg().value_type(ops[1]);
        let i = f
            .dfg_mut_preserving_cfg()
            .make_inst(InstData::new(InstKind::Select { fmf: Default::default() }, &ops, &[]), ty);
        self.place(f, i, name, at)
    }

    fn place(&mut self, f: &mut Function, i: Inst, name: &str, at: Inst) -> Value {
        insert_before(f, i, at);
        let r = f.dfg().inst_result(i).expect("has a result");
        f.dfg_mut_preserving_cfg().set_value_name(r, Some(name));
        r
    }
}

/// Whether `i` is a call of an `llvm.dbg.*` intrinsic (old-style debug
/// information), which LLVM does not count as an instruction of the block.
fn is_debug_intrinsic(m: &opt_conv_ir::Module, f: &Function, i: Inst) -> bool {
    let d = f.dfg().inst(i);
    d.call_info().is_some()
        && f.dfg().direct_callee(i).and_then(|g| m.func(g)).is_some_and(|c| c.name.starts_with("llvm.dbg."))
}
