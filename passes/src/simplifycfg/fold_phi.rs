//! Folding a two-entry phi at the join of an if or an if-else into a
//! `select` (LLVM's `foldTwoEntryPHINode`): the arms' instructions, cheap
//! and safe to run on both paths, move into the block that branches, and
//! the branch goes straight to the join.

use super::Simplifier;
use crate::remarks::{RemarkKind, block_label};
use opt_conv_ir::analysis::FunctionAnalyses;
use opt_conv_ir::edit::{Replacements, remove_inst};
use opt_conv_ir::{Block, Function, Inst, InstData, InstKind, Type, Value};
use opt_conv_legality::oracle::{InsertPoint, Query, Verdict};

/// LLVM's budget for the instructions speculated
/// (`-two-entry-phi-node-folding-threshold`, 4 basic instructions).
const BUDGET: u32 = 4;

/// The branch deciding how control reaches `b` through its two
/// predecessors, and the blocks control comes through when it is true and
/// when it is false (LLVM's `GetIfCondition`).
fn if_condition(f: &Function, b: Block) -> Option<(Inst, Block, Block)> {
    let cfg = f.cfg();
    let [p1, p2] = *cfg.preds(b) else { return None };
    if p1 == p2 {
        return None;
    }
    let uncond_to = |p: Block| {
        f.terminator(p)
            .is_some_and(|t| f.dfg().inst(t).blocks.as_slice() == [b] && f.dfg().inst(t).kind == InstKind::Br)
    };
    let single_pred = |p: Block| match cfg.preds(p) {
        [x] => Some(*x),
        _ => None,
    };
    let branch = |dom: Block| f.terminator(dom).filter(|&t| f.dfg().inst(t).is_cond_br());
    // A diamond: both predecessors fall through from one block.
    if uncond_to(p1) && uncond_to(p2) {
        let (d1, d2) = (single_pred(p1)?, single_pred(p2)?);
        if d1 != d2 {
            return None;
        }
        let t = branch(d1)?;
        let s = &f.dfg().inst(t).blocks;
        return if s[0] == p1 && s[1] == p2 {
            Some((t, p1, p2))
        } else if s[0] == p2 && s[1] == p1 {
            Some((t, p2, p1))
        } else {
            None
        };
    }
    // A triangle: one predecessor branches to `b` and to the other.
    for (dom, arm) in [(p1, p2), (p2, p1)] {
        if !uncond_to(arm) || single_pred(arm) != Some(dom) {
            continue;
        }
        let t = branch(dom)?;
        let s = &f.dfg().inst(t).blocks;
        if s[0] == arm && s[1] == b {
            return Some((t, arm, dom));
        }
        if s[0] == b && s[1] == arm {
            return Some((t, dom, arm));
        }
        return None;
    }
    None
}

/// What speculating `v` (defined in one of `arms`) costs, with what it
/// needs; None if it cannot be run on both paths.
fn cost(
    f: &Function,
    m: &opt_conv_ir::Module,
    v: Value,
    join: Block,
    arms: &[Block],
    seen: &mut Vec<Inst>,
) -> Option<u32> {
    let Some(i) = f.dfg().value_inst(v) else { return Some(0) };
    let Some(b) = f.layout().inst_block(i) else { return Some(0) };
    // A value of the join itself (another of its phis) is not available
    // where the selects go.
    if b == join {
        return None;
    }
    if !arms.contains(&b) || seen.contains(&i) {
        return Some(0);
    }
    let d = f.dfg().inst(i);
    if d.is_phi() || !super::hoist::safe_to_speculate(m, f, i) {
        return None;
    }
    seen.push(i);
    let mut c = 1;
    for &a in &d.args {
        c += cost(f, m, a, join, arms, seen)?;
    }
    Some(c)
}

/// Folds the phis of `b` into selects if `b` is the join of an if whose
/// arms can be speculated: Some(true) if done, None if not applicable.
pub(super) fn fold_two_entry_phi(s: &mut Simplifier<'_, '_>, f: &mut Function, b: Block) -> Option<bool> {
    let first = f.layout().first_inst(b)?;
    if !f.dfg().inst(first).is_phi() || f.dfg().inst(first).args.len() != 2 {
        return None;
    }
    let (br, if_true, if_false) = if_condition(f, b)?;
    let cond = f.dfg().inst(br).args[0];
    if f.dfg().value_const(cond).is_some() {
        return None;
    }
    let dom = f.layout().inst_block(br)?;
    // The condition must not be one of the phis folded.
    if f.dfg().value_inst(cond).is_some_and(|i| f.dfg().inst(i).is_phi() && f.layout().inst_block(i) == Some(b)) {
        return None;
    }
    // At most three phis, as LLVM.
    if f.phis(b).count() > 3 {
        return None;
    }
    let arms: Vec<Block> = [if_true, if_false].into_iter().filter(|&a| a != dom).collect();
    let mut seen = Vec::new();
    let mut total = 0;
    let mut simplified = false;
    let all: Vec<Inst> = f.phis(b).collect();
    for p in all {
        // A phi of one value is that value (LLVM simplifies it first).
        let d = f.dfg().inst(p);
        let me = d.result().expect("phi");
        if let Some(v) = d.args.iter().copied().find(|&a| a != me)
            && d.args.iter().all(|&a| a == v || a == me)
        {
            let mut r = Replacements::new();
            r.insert(me, v);
            r.apply(f);
            remove_inst(f, p);
            simplified = true;
            continue;
        }
        for &v in &d.args.clone() {
            match cost(f, s.m, v, b, &arms, &mut seen) {
                Some(c) => total += c,
                None => return Some(simplified),
            }
        }
        if total > BUDGET {
            return Some(simplified);
        }
    }
    let phis: Vec<Inst> = f.phis(b).collect();
    if phis.is_empty() {
        return Some(simplified);
    }
    for &p in &phis {
        let d = f.dfg().inst(p);
        if d.result().is_some_and(|r| f.dfg().value_type(r) == Type::I1)
            && d.args.iter().any(|&v| {
                f.dfg()
                    .value_inst(v)
                    .is_some_and(|i| matches!(f.dfg().inst(i).kind, InstKind::Binary { .. } | InstKind::Select { .. }))
            })
        {
            return Some(simplified);
        }
    }
    // Everything in the arms must go, or the branch stays anyway.
    for &a in &arms {
        let t = f.terminator(a)?;
        if f.block_insts(a).any(|i| i != t && !seen.contains(&i)) {
            return Some(simplified);
        }
    }
    // The speculated instructions never include a convergent operation
    // (no call is speculated); the oracle is asked all the same about any
    // instruction its model knows (it has nothing to say about the others,
    // and a question after each fold would walk the function each time).
    for &i in &seen {
        if opt_conv_legality::convergence::classify(s.m, f, f.dfg().inst(i))
            == opt_conv_legality::convergence::ConvOp::None
        {
            continue;
        }
        let q = Query::Move { insts: vec![i], to: InsertPoint::Before(br) };
        let v = s.current_oracle(f).map(|o| o.ask(f, &q));
        if let Err(r) = v.as_ref().map_err(|e| e.clone()).and_then(|v| match v {
            Verdict::Refused(r) => Err(r.to_string()),
            Verdict::Legal(_) => Ok(()),
        }) {
            let msg = format!("cannot speculate {}: {r}", crate::remarks::inst_label(f, i));
            s.remarks.push((RemarkKind::Missed, block_label(f, b), msg));
            return Some(simplified);
        }
    }
    let before = f.cfg();
    let loc = f.dfg().inst_md(br, "dbg");
    for &a in &arms {
        let t = f.terminator(a)?;
        let insts: Vec<Inst> = f.block_insts(a).filter(|&i| i != t).collect();
        for i in insts {
            let layout = f.layout_mut_preserving_cfg();
            let _ = layout.take_dbg_records(i);
            layout.remove_inst(i);
            layout.insert_inst_before(i, br);
            let md: Vec<_> = f
                .dfg()
                .inst_metadata(i)
                .iter()
                .filter(|(k, _)| matches!(&**k, "annotation" | "range" | "nonnull" | "align" | "prof"))
                .cloned()
                .collect();
            f.dfg_mut_preserving_cfg().set_all_inst_md(i, md);
            f.dfg_mut_preserving_cfg().set_inst_md(i, "dbg", loc);
        }
    }
    let mut repl = Replacements::new();
    for &p in &phis {
        let d = f.dfg().inst(p);
        let (tv, fv) = (d.incoming(if_true)?, d.incoming(if_false)?);
        let fmf = match d.kind {
            InstKind::Phi { fmf } => fmf,
            _ => Default::default(),
        };
        let r = d.result().expect("phi");
        let ty = f.dfg().value_type(r);
        let sel =
            f.dfg_mut_preserving_cfg().make_inst(InstData::new(InstKind::Select { fmf }, &[cond, tv, fv], &[]), ty);
        super::hoist::insert_before(f, sel, br);
        let name = f.dfg().value_name(r).map(str::to_owned);
        f.dfg_mut_preserving_cfg().set_value_name(r, None);
        let sr = f.dfg().inst_result(sel).expect("select");
        f.dfg_mut_preserving_cfg().set_value_name(sr, name.as_deref());
        for kind in ["prof", "unpredictable"] {
            if let Some(md) = f.dfg().inst_md(br, kind) {
                f.dfg_mut_preserving_cfg().set_inst_md(sel, kind, Some(md));
            }
        }
        f.dfg_mut_preserving_cfg().set_inst_md(sel, "dbg", loc);
        repl.insert(r, sr);
    }
    repl.apply(f);
    for p in phis {
        remove_inst(f, p);
    }
    let newbr = f.dfg_mut().make_inst(InstData::new(InstKind::Br, &[], &[b]), Type::VOID);
    let layout = f.layout_mut();
    let recs = layout.take_dbg_records(br);
    layout.insert_inst_before(newbr, br);
    layout.set_dbg_records(newbr, recs);
    f.dfg_mut().set_inst_md(newbr, "dbg", loc);
    remove_inst(f, br);
    f.update_cfg(before, &[dom]);
    s.remarks.push((
        RemarkKind::Passed,
        block_label(f, b),
        format!("folded the phis of {} into selects", block_label(f, b)),
    ));
    Some(true)
}
