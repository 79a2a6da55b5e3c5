//! The cleanups SimplifyCFG always does: deleting dead blocks, folding
//! terminators on constants, merging duplicate phis, forwarding empty
//! blocks and merging the function's returns.

use crate::cfg_edit::{Forwarding, Reachability, forward_empty_block_as};
use opt_conv_ir::analysis::FunctionAnalyses;
use opt_conv_ir::edit::{Replacements, remove_inst};
use opt_conv_ir::effects::{inst_effects, must_precede_ret};
use opt_conv_ir::{Block, EntitySet, Function, Inst, InstData, InstKind, Module, Type, Value};

/// Tells `succ` that the edge from `pred` is gone, as LLVM's
/// `removePredecessor`: the first entry for `pred` leaves each phi (its
/// last entry taking its place, as in LLVM), and a phi left with one value
/// on every edge (itself aside) is replaced by it.
pub(super) fn remove_predecessor(f: &mut Function, succ: Block, pred: Block) {
    let phis: Vec<Inst> = f.phis(succ).collect();
    let mut repl = Replacements::new();
    for phi in phis {
        f.remove_incoming_swapping_last(phi, pred);
        let d = f.dfg().inst(phi);
        let me = d.result().expect("a phi has a result");
        if d.args.is_empty() {
            let ty = f.dfg().value_type(me);
            let poison = f.dfg_mut_preserving_cfg().make_const(opt_conv_ir::Const::poison(ty));
            repl.insert(me, poison);
            remove_inst(f, phi);
            continue;
        }
        let v = match crate::cfg_edit::phi_constant_value(d, me) {
            Some(v) => v,
            None if d.args.iter().all(|&a| a == me) => {
                let ty = f.dfg().value_type(me);
                f.dfg_mut_preserving_cfg().make_const(opt_conv_ir::Const::poison(ty))
            }
            None => continue,
        };
        repl.insert(me, v);
        remove_inst(f, phi);
    }
    repl.apply(f);
}

/// Deletes `b`, which nothing reaches, telling its successors.
pub(super) fn delete_block(f: &mut Function, b: Block) {
    let succs: Vec<Block> = f.successors(b).to_vec();
    let before = f.cfg();
    f.remove_block(b);
    f.update_cfg(before, &[b]);
    for s in succs {
        if s != b && f.layout().is_block_inserted(s) {
            remove_predecessor(f, s, b);
        }
    }
}

/// Deletes the blocks the entry does not reach (LLVM's
/// `removeUnreachableBlocks`).
pub(super) fn remove_unreachable(f: &mut Function) -> bool {
    let cfg = f.cfg();
    let dead: Vec<Block> = f.layout().blocks().filter(|&b| !cfg.is_reachable(b)).collect();
    if dead.is_empty() {
        return false;
    }
    let dead_set: EntitySet<Block> = dead.iter().copied().collect();
    let mut edges: Vec<(Block, Block)> = Vec::new();
    for &b in &dead {
        for &s in cfg.succs(b) {
            if !dead_set.contains(s) {
                edges.push((s, b));
            }
        }
    }
    drop(cfg);
    let before = f.cfg();
    for &b in &dead {
        f.remove_block(b);
    }
    f.update_cfg(before, &dead);
    for (s, b) in edges {
        remove_predecessor(f, s, b);
    }
    true
}

/// LLVM's `ConstantFoldTerminator` for branches: a branch on a constant
/// goes where the constant says, and one with both arms to one block
/// becomes unconditional; the condition is deleted if nothing else uses it.
pub(super) fn fold_terminator(
    m: &Module,
    f: &mut Function,
    b: Block,
    known: Option<&crate::cfg_edit::CycleBlocks>,
    exact_names: bool,
) -> bool {
    let Some(t) = f.terminator(b) else { return false };
    let d = f.dfg().inst(t);
    if !d.is_cond_br() {
        return false;
    }
    let cond = d.args[0];
    let (s0, s1) = (d.blocks[0], d.blocks[1]);
    let (taken, dead) = if s0 == s1 {
        (s0, s1)
    } else if let Some(c) = f.dfg().value_const(cond).and_then(opt_conv_ir::Const::as_int) {
        if c != 0 { (s0, s1) } else { (s1, s0) }
    } else {
        return false;
    };
    if s0 != s1 && crate::cfg_edit::may_fold_to(m, f, b, taken, known, exact_names).is_err() {
        return false;
    }
    let before = f.cfg();
    f.set_branch(t, None, &[taken]);
    f.update_cfg(before, &[b]);
    remove_predecessor(f, dead, b);
    delete_if_dead(m, f, cond);
    true
}

/// Deletes the instruction defining `v` if nothing uses it and it has no
/// effect, and then its operands likewise (LLVM's
/// `RecursivelyDeleteTriviallyDeadInstructions`).
pub(super) fn delete_if_dead(m: &Module, f: &mut Function, v: Value) {
    let mut work = vec![v];
    while let Some(v) = work.pop() {
        let Some(i) = f.dfg().value_inst(v) else { continue };
        if f.layout().inst_block(i).is_none() || f.dfg().inst(i).is_phi() || f.is_used(v) {
            continue;
        }
        if !inst_effects(m, f, i).is_removable() || matches!(f.dfg().inst(i).kind, InstKind::Alloca { .. }) {
            continue;
        }
        work.extend(f.dfg().inst(i).args.iter().copied());
        remove_inst(f, i);
    }
}

/// LLVM's `EliminateDuplicatePHINodes`: a phi identical to an earlier one
/// of the block (same values from the same blocks, in order) is replaced
/// by it.
pub(super) fn merge_duplicate_phis(f: &mut Function, b: Block) -> bool {
    let phis: Vec<Inst> = f.phis(b).collect();
    if phis.len() < 2 {
        return false;
    }
    let mut kept: Vec<Inst> = Vec::new();
    let mut repl = Replacements::new();
    let mut dups = Vec::new();
    for p in phis {
        let d = f.dfg().inst(p);
        let ty = f.dfg().value_type(d.result().expect("phi"));
        let same = kept.iter().copied().find(|&k| {
            let e = f.dfg().inst(k);
            e.kind == d.kind
                && e.args == d.args
                && e.blocks == d.blocks
                && f.dfg().value_type(e.result().expect("phi")) == ty
        });
        match same {
            Some(k) => {
                repl.insert(d.result().expect("phi"), f.dfg().inst(k).result().expect("phi"));
                dups.push(p);
            }
            None => kept.push(p),
        }
    }
    if dups.is_empty() {
        return false;
    }
    repl.apply(f);
    for p in dups {
        remove_inst(f, p);
    }
    true
}

/// Whether every use of a phi of `b` is in a phi of `succ`, on an edge
/// from `b` (LLVM's condition for forwarding a block whose phis are used:
/// any other use, such as a loop header's entry from its latch, would lose
/// its definition).
pub(super) fn phis_only_feed(f: &mut Function, b: Block, succ: Block) -> bool {
    let results: Vec<Value> = f.phis(b).filter_map(|p| f.dfg().inst_result(p)).collect();
    for r in results {
        for u in f.users_of(r) {
            let d = f.dfg().inst(u);
            if !d.is_phi() || f.layout().inst_block(u) != Some(succ) {
                return false;
            }
            if d.args.iter().zip(&d.blocks).any(|(&a, &from)| a == r && from != b) {
                return false;
            }
        }
    }
    true
}

/// LLVM's `TryToSimplifyUncondBranchFromEmptyBlock`
/// ([`forward_empty_block_as`]), with LLVM's phis: the forwarded entries
/// at the end, and the block's phis moved into a successor it alone reaches.
pub(super) fn forward_empty(f: &mut Function, b: Block) -> bool {
    let how = Forwarding { append_entries: true, move_phis_into_only_successor: true };
    forward_empty_block_as(f, b, Reachability::Unknown, how)
}

/// LLVM's `tailMergeBlocksWithSimilarFunctionTerminators` for `ret`: with
/// two or more returning blocks, a block `common.ret` is put before the
/// first of them, returning a phi `common.ret.op` of their values, and each
/// of them branches to it. Not done for a returned token (no phi may hold
/// one) or a `ret` that must follow its call (`musttail`,
/// `llvm.experimental.deoptimize`), as LLVM leaves those.
pub(super) fn merge_returns(m: &Module, f: &mut Function) -> bool {
    let rets: Vec<(Block, Inst)> = f
        .layout()
        .blocks()
        .filter_map(|b| f.terminator(b).map(|t| (b, t)))
        .filter(|&(_, t)| {
            let d = f.dfg().inst(t);
            d.kind == InstKind::Ret
                && d.args.iter().all(|&v| !m.types.is_token_like(f.dfg().value_type(v)))
                && !f.layout().prev_inst(t).is_some_and(|p| must_precede_ret(m, f, p))
        })
        .collect();
    if rets.len() < 2 {
        return false;
    }
    let before = f.cfg();
    let first = rets[0].0;
    let common = f.dfg_mut().make_block(Some("common.ret"));
    f.layout_mut().insert_block_before(common, first);
    let template = f.dfg().inst(rets[0].1).clone();
    let mut phi = None;
    if let Some(&v) = template.args.first() {
        let ty = f.dfg().value_type(v);
        let incoming: Vec<Value> = rets.iter().map(|&(_, t)| f.dfg().inst(t).args[0]).collect();
        let blocks: Vec<Block> = rets.iter().map(|&(b, _)| b).collect();
        let p = f.dfg_mut().make_inst(InstData::new(InstKind::Phi { fmf: Default::default() }, &incoming, &blocks), ty);
        let r = f.dfg().inst_result(p).expect("phi");
        f.dfg_mut_preserving_cfg().set_value_name(r, Some("common.ret.op"));
        f.layout_mut().append_inst(p, common);
        phi = Some(r);
    }
    let ret = f.dfg_mut().make_inst(InstData::new(InstKind::Ret, phi.as_slice(), &[]), Type::VOID);
    f.layout_mut().append_inst(ret, common);
    // The merged return's location stands for all of them.
    let locs: Vec<_> = rets.iter().filter_map(|&(_, t)| f.dfg().inst_md(t, "dbg")).collect();
    if let Some(&l) = locs.first()
        && locs.iter().all(|&x| x == l)
        && locs.len() == rets.len()
    {
        f.dfg_mut().set_inst_md(ret, "dbg", Some(l));
    }
    let mut touched = vec![common];
    for &(b, t) in &rets {
        let dbg = f.dfg().inst_md(t, "dbg");
        let br = f.dfg_mut().make_inst(InstData::new(InstKind::Br, &[], &[common]), Type::VOID);
        f.layout_mut().insert_inst_before(br, t);
        if dbg.is_some() {
            f.dfg_mut().set_inst_md(br, "dbg", dbg);
        }
        // The return's records stay where they were, before the branch.
        let recs = f.layout_mut().take_dbg_records(t);
        if !recs.is_empty() {
            let mut mine = f.layout_mut().take_dbg_records(br);
            mine.extend(recs);
            f.layout_mut().set_dbg_records(br, mine);
        }
        remove_inst(f, t);
        touched.push(b);
    }
    f.update_cfg(before, &touched);
    true
}

/// LLVM's `simplifyDuplicateSwitchArms`: cases of the `switch` ending `b`
/// that go to different blocks holding only the same `br label %S` (reached
/// only from `b`, and giving `S`'s phis the same values) go to the first
/// of them; the others become unreachable.
pub(super) fn merge_duplicate_switch_arms(f: &mut Function, b: Block) -> bool {
    let Some(t) = f.terminator(b) else { return false };
    let dests: Vec<Block> = f.dfg().inst(t).blocks.to_vec();
    let cfg = f.cfg();
    // Candidate arms, in successor order, each once.
    let mut arms: Vec<(Block, Block)> = Vec::new();
    let mut seen: Vec<Block> = Vec::new();
    for &d in &dests {
        if seen.contains(&d) {
            continue;
        }
        seen.push(d);
        if f.layout().block_len(d) != 1 {
            continue;
        }
        let Some(bt) = f.terminator(d) else { continue };
        let bd = f.dfg().inst(bt);
        if bd.kind != InstKind::Br || bd.blocks.len() != 1 {
            continue;
        }
        let preds = cfg.preds(d);
        if preds.is_empty() || preds.iter().any(|&p| p != b) {
            continue;
        }
        arms.push((d, bd.blocks[0]));
    }
    drop(cfg);
    let mut replace: Vec<(Block, Block)> = Vec::new();
    for (k, &(d, s)) in arms.iter().enumerate() {
        let same = arms[..k].iter().find(|&&(e, s2)| {
            s2 == s
                && !replace.iter().any(|&(r, _)| r == e)
                && f.phis(s).all(|p| f.dfg().inst(p).incoming(d) == f.dfg().inst(p).incoming(e))
        });
        if let Some(&(e, _)) = same {
            replace.push((d, e));
        }
    }
    if replace.is_empty() {
        return false;
    }
    let before = f.cfg();
    for &(d, e) in &replace {
        f.retarget_successor(t, d, e);
    }
    let mut touched = vec![b];
    touched.extend(replace.iter().map(|&(d, _)| d));
    f.update_cfg(before, &touched);
    true
}
