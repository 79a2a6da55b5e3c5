//! Hoisting the common leading code of a block's successors into it
//! (LLVM's `hoistCommonCodeFromSuccessors` and
//! `hoistSuccIdenticalTerminatorToSwitchOrIf`).

use super::Simplifier;
use super::cleanup::delete_if_dead;
use crate::module_edits::BufferedMetadata;
use crate::remarks::RemarkKind;
use crate::remarks::{block_label, inst_label};
use opt_conv_ir::analysis::FunctionAnalyses;
use opt_conv_ir::edit::{Replacements, remove_inst};
use opt_conv_ir::effects::{inst_effects, must_precede_ret};
use opt_conv_ir::merge::{merge_in, merge_kind};
use opt_conv_ir::{Block, Function, Inst, InstData, InstKind, Module, Value};
use opt_conv_legality::convergence::is_convergent_op;
use opt_conv_legality::oracle::{InsertPoint, Query, Verdict};

/// What a skipped instruction forbids to the ones after it (LLVM's
/// `SkipFlags`).
const SKIP_READ_MEM: u8 = 1;
const SKIP_SIDE_EFFECT: u8 = 2;
const SKIP_IMPLICIT_CONTROL_FLOW: u8 = 4;
/// A skipped convergent operation: an instruction after which a thread may
/// stop must not move above it, or the threads that stop there would no
/// longer take part in it (RULES.md, "thread-ending"). LLVM has no such
/// flag: it hoists a kill above a convergent call that stays.
const SKIP_CONVERGENT: u8 = 8;

impl Simplifier<'_, '_> {
    /// Hoists the common leading instructions of the successors of `bb`
    /// (ending in a conditional `br` or a `switch`) into `bb`.
    pub(super) fn hoist_common(&mut self, f: &mut Function, bb: Block) -> bool {
        let Some(t) = f.terminator(bb) else { return false };
        // Each successor once (a switch may have several cases to one).
        let succs: Vec<Block> = dedup(f.successors(bb));
        if succs.len() < 2 {
            return false;
        }
        let cfg = f.cfg();
        for &s in &succs {
            if cfg.preds(s).iter().all(|&p| p == bb) {
                continue;
            }
            // A block that only holds `unreachable` is never entered.
            if f.layout().first_inst(s).is_some_and(|i| f.dfg().inst(i).kind == InstKind::Unreachable) {
                continue;
            }
            return false;
        }
        drop(cfg);
        let mut iters: Vec<(Inst, u8)> = Vec::new();
        for &s in &succs {
            let Some(first) = f.layout().first_inst(s) else { return false };
            if f.dfg().inst(first).is_phi() {
                return false;
            }
            iters.push((first, 0));
        }
        if !self.settings.hoist_common_insts && !all_identical(self.m, f, &succs) {
            return false;
        }
        if iters.len() > 2 {
            iters.retain(|&(i, _)| f.dfg().inst(i).kind != InstKind::Unreachable);
            if iters.len() < 2 {
                return false;
            }
        }
        let mut skipped = 0u32;
        let mut changed = false;
        loop {
            let i1 = iters[0].0;
            let others: Vec<Inst> = iters[1..].iter().map(|&(i, _)| i).collect();
            let mut same = others.iter().all(|&i2| identical(self.m, f, i1, i2));
            let has_term = std::iter::once(i1).chain(others.iter().copied()).any(|i| f.dfg().inst(i).is_terminator());
            if has_term {
                if skipped > 0 || !same {
                    hoist_identical_records(self.m, f, t, i1, &others);
                    return changed;
                }
                return self.hoist_terminator(f, bb, t, i1, &others) || changed;
            }
            // A call that must stay before its `ret` moves only if the
            // `ret` can follow it (nothing was left behind).
            if same && skipped > 0 && must_precede_ret(self.m, f, i1) {
                hoist_identical_records(self.m, f, t, i1, &others);
                return changed;
            }
            if same {
                same = iters.iter().all(|&(i, flags)| safe_to_hoist(self.m, f, i, flags))
                    && self.may_merge(f, bb, i1, &others);
            }
            if same {
                iters[0].0 = f.layout().next_inst(i1).expect("a terminator follows");
                for it in &mut iters[1..] {
                    it.0 = f.layout().next_inst(it.0).expect("a terminator follows");
                }
                self.hoist_one(f, bb, t, i1, &others);
                changed = true;
            } else {
                if skipped >= self.settings.skip_limit {
                    hoist_identical_records(self.m, f, t, i1, &others);
                    return changed;
                }
                for it in &mut iters {
                    it.1 |= skipped_flags(self.m, f, it.0);
                    it.0 = f.layout().next_inst(it.0).expect("a terminator follows");
                }
                skipped += 1;
            }
        }
    }

    /// Whether the oracle lets the convergent operation `i1` and its
    /// identical partners become one at the end of `bb` (an ordinary
    /// instruction needs no question); a refusal is a missed remark.
    fn may_merge(&mut self, f: &Function, bb: Block, i1: Inst, others: &[Inst]) -> bool {
        let d = f.dfg().inst(i1);
        if std::iter::once(i1).chain(others.iter().copied()).any(|i| crate::hoist::is_nomerge_call(self.m, f, i)) {
            return false;
        }
        // Moving ordinary instructions leaves the oracle's model valid; a
        // convergent operation is judged on the function as it is now.
        if is_convergent_op(self.m, f, d)
            && let Err(why) = self.current_oracle(f)
        {
            let msg = format!("cannot hoist {}: {why}", inst_label(f, i1));
            self.remarks.push((RemarkKind::Missed, block_label(f, bb), msg));
            return false;
        }
        for &i2 in others {
            let v = self.oracle(f).ask(f, &Query::Merge { a: i1, b: i2, to: InsertPoint::BlockEnd(bb) });
            if let Verdict::Refused(r) = v {
                let msg = format!("cannot hoist {} and {}: {r}", inst_label(f, i1), inst_label(f, i2));
                self.remarks.push((RemarkKind::Missed, block_label(f, bb), msg));
                return false;
            }
        }
        true
    }

    /// Moves `i1` to the end of `bb` (before `t`) and merges `others` into it.
    fn hoist_one(&mut self, f: &mut Function, bb: Block, t: Inst, i1: Inst, others: &[Inst]) {
        let from: Vec<Block> =
            std::iter::once(i1).chain(others.iter().copied()).filter_map(|i| f.layout().inst_block(i)).collect();
        let msg = format!(
            "hoisted {} from {} into {}",
            inst_label(f, i1),
            from.iter().map(|&b| block_label(f, b)).collect::<Vec<_>>().join(", "),
            block_label(f, bb)
        );
        // From a loop's exit into its exiting block: into a cycle (an
        // arm's cycles all contain `bb`, its only predecessor).
        let cycles = f.cycles();
        if from.iter().any(|&b| cycles.cycle_of(b) != cycles.cycle_of(bb))
            && let Some(o) = self.oracle.as_mut()
        {
            o.forget_uniformity();
        }
        drop(cycles);
        hoist_identical_records(self.m, f, t, i1, others);
        // `i1` goes after the records now before `t` (they precede it).
        let layout = f.layout_mut_preserving_cfg();
        layout.remove_inst(i1);
        let recs = layout.take_dbg_records(t);
        layout.insert_inst_before(i1, t);
        layout.set_dbg_records(i1, recs);
        let mut repl = Replacements::new();
        for &i2 in others {
            let md = BufferedMetadata { m: self.m, edits: &mut *self.edits };
            if let Ok(merged) = merge_in(self.m, &md, f, i1, i2) {
                let mut md = BufferedMetadata { m: self.m, edits: &mut *self.edits };
                merged.apply(f, i1).attach(&mut md, &mut self.locations, f);
            }
            if let (Some(v1), Some(v2)) = (f.dfg().inst_result(i1), f.dfg().inst_result(i2)) {
                repl.insert(v2, v1);
            }
        }
        repl.apply(f);
        let convergent = is_convergent_op(self.m, f, f.dfg().inst(i1));
        for &i2 in others {
            remove_inst(f, i2);
        }
        if convergent && let Some(o) = self.oracle.as_mut() {
            o.refresh(f);
        }
        self.remarks.push((RemarkKind::Passed, block_label(f, bb), msg));
    }

    /// Hoists the identical terminators `i1` and `others` of the successors
    /// into `bb`, replacing its terminator `t`: the phis of their
    /// successors get a `select` on `t`'s condition where the arms'
    /// values differ (a `switch` with differing values is left alone).
    fn hoist_terminator(&mut self, f: &mut Function, bb: Block, t: Inst, i1: Inst, others: &[Inst]) -> bool {
        let td = f.dfg().inst(t);
        let cond = td.is_cond_br().then(|| td.args[0]);
        let d1 = f.dfg().inst(i1);
        // A hoisted `switch` would need one phi entry per case edge; LLVM
        // hoists it, this does not.
        if !matches!(d1.kind, InstKind::Br | InstKind::Ret | InstKind::Unreachable) {
            return false;
        }
        let b1 = f.layout().inst_block(i1).expect("placed");
        let other_blocks: Vec<Block> = others.iter().map(|&i| f.layout().inst_block(i).expect("placed")).collect();
        let next: Vec<Block> = dedup(f.successors(b1));
        for &s in &next {
            for phi in f.phis(s) {
                let pd = f.dfg().inst(phi);
                let v1 = pd.incoming(b1).expect("an entry per predecessor");
                for &ob in &other_blocks {
                    if pd.incoming(ob) != Some(v1) && cond.is_none() {
                        return false;
                    }
                }
            }
        }
        let msg = format!(
            "hoisted the terminator of {} into {}",
            std::iter::once(b1)
                .chain(other_blocks.iter().copied())
                .map(|b| block_label(f, b))
                .collect::<Vec<_>>()
                .join(", "),
            block_label(f, bb)
        );
        hoist_identical_records(self.m, f, t, i1, others);
        let before = f.cfg();
        let copy = f.copy_inst(i1, |v| v, |b| b);
        // The copy carries the location standing for all of them.
        let md = BufferedMetadata { m: self.m, edits: &mut *self.edits };
        let merged = others.iter().try_fold(None, |_, &i2| merge_in(self.m, &md, f, i1, i2).map(Some));
        let layout = f.layout_mut();
        let recs = layout.take_dbg_records(t);
        layout.insert_inst_before(copy, t);
        layout.set_dbg_records(copy, recs);
        if let Ok(Some(m)) = merged {
            let mut md = BufferedMetadata { m: self.m, edits: &mut *self.edits };
            m.apply(f, copy).attach(&mut md, &mut self.locations, f);
        }
        if let Some(c) = cond {
            let b2 = other_blocks[0];
            // A select is shared by the phis choosing between the same
            // values with the same fast-math flags: one with flags the
            // other lacks would make that phi poison more often.
            let mut made: Vec<((Value, Value, opt_conv_ir::inst::FastMath), Value)> = Vec::new();
            for &s in &next {
                let phis: Vec<Inst> = f.phis(s).collect();
                for phi in phis {
                    let pd = f.dfg().inst(phi);
                    let (v1, v2) = (pd.incoming(b1).expect("entry"), pd.incoming(b2).expect("entry"));
                    if v1 == v2 {
                        continue;
                    }
                    let fmf = match pd.kind {
                        InstKind::Phi { fmf } => fmf,
                        _ => Default::default(),
                    };
                    let sel = match made.iter().find(|(k, _)| *k == (v1, v2, fmf)) {
                        Some(&(_, s)) => s,
                        None => {
                            let s = self.make_select(f, c, v1, v2, phi, t, copy);
                            made.push(((v1, v2, fmf), s));
                            s
                        }
                    };
                    let n = f.dfg().inst(phi).blocks.len();
                    for k in 0..n {
                        let from = f.dfg().inst(phi).blocks[k];
                        if from == b1 || from == b2 {
                            f.set_incoming_value_at(phi, k, sel);
                        }
                    }
                }
            }
        }
        for &s in &next {
            let phis: Vec<Inst> = f.phis(s).collect();
            for phi in phis {
                let v = f.dfg().inst(phi).incoming(b1).expect("entry");
                f.add_incoming(phi, v, bb);
            }
        }
        let old_cond: Vec<Value> = f.dfg().inst(t).args.first().copied().into_iter().collect();
        remove_inst(f, t);
        let mut touched = vec![bb];
        touched.extend(next.iter().copied());
        f.update_cfg(before, &touched);
        for v in old_cond {
            delete_if_dead(self.m, f, v);
        }
        self.remarks.push((RemarkKind::Passed, block_label(f, bb), msg));
        true
    }

    /// `select i1 %c, v1, v2` before `at`, named as LLVM names it
    /// (`v1.v2`), with the phi's fast-math flags, the branch's profile and
    /// the location of the hoisted terminator.
    #[allow(clippy::too_many_arguments, reason = "the select, its operands, where it goes and what it copies from")]
    fn make_select(
        &mut self,
        f: &mut Function,
        c: Value,
        v1: Value,
        v2: Value,
        phi: Inst,
        br: Inst,
        at: Inst,
    ) -> Value {
        let fmf = match f.dfg().inst(phi).kind {
            InstKind::Phi { fmf } => fmf,
            _ => Default::default(),
        };
        let ty = f.dfg().value_type(v1);
        let s = f.dfg_mut_preserving_cfg().make_inst(InstData::new(InstKind::Select { fmf }, &[c, v1, v2], &[]), ty);
        insert_before(f, s, at);
        let name = format!("{}.{}", f.dfg().value_name(v1).unwrap_or(""), f.dfg().value_name(v2).unwrap_or(""));
        let r = f.dfg().inst_result(s).expect("select");
        f.dfg_mut_preserving_cfg().set_value_name(r, Some(&name));
        for kind in ["prof", "unpredictable"] {
            if let Some(md) = f.dfg().inst_md(br, kind) {
                f.dfg_mut_preserving_cfg().set_inst_md(s, kind, Some(md));
            }
        }
        if let Some(loc) = f.dfg().inst_md(at, "dbg") {
            f.dfg_mut_preserving_cfg().set_inst_md(s, "dbg", Some(loc));
        }
        r
    }
}

/// Inserts `i` before `at` as LLVM inserts before an instruction: the debug
/// records before `at` then precede `i`.
pub(super) fn insert_before(f: &mut Function, i: Inst, at: Inst) {
    let layout = f.layout_mut_preserving_cfg();
    let recs = layout.take_dbg_records(at);
    layout.insert_inst_before(i, at);
    layout.set_dbg_records(i, recs);
}

/// The distinct blocks of `bs`, in order.
fn dedup(bs: &[Block]) -> Vec<Block> {
    let mut out = Vec::new();
    for &b in bs {
        if !out.contains(&b) {
            out.push(b);
        }
    }
    out
}

/// Whether the successors are identical as a whole (same size, same
/// terminator with the same operands, every instruction identical to its
/// counterpart): then hoisting everything adds no instruction.
fn all_identical(m: &Module, f: &Function, succs: &[Block]) -> bool {
    let first = succs[0];
    let (Some(t0), len) = (f.terminator(first), f.layout().block_len(first)) else { return false };
    for &s in &succs[1..] {
        let Some(t) = f.terminator(s) else { return false };
        let (a, b) = (f.dfg().inst(t0), f.dfg().inst(t));
        if a.kind != b.kind || a.args != b.args || a.blocks != b.blocks || f.layout().block_len(s) != len {
            return false;
        }
        let mut x = f.layout().last_inst(first);
        let mut y = f.layout().last_inst(s);
        while let (Some(i), Some(j)) = (x, y) {
            if !identical(m, f, i, j) {
                return false;
            }
            x = f.layout().prev_inst(i);
            y = f.layout().prev_inst(j);
        }
    }
    true
}

/// LLVM's `areIdenticalUpToCommutativity`: the same operation on the same
/// operands (swapped for a commutative operation or a compare with the
/// swapped predicate), up to poison-generating and fast-math flags and
/// call-site attributes that can be intersected.
fn identical(m: &Module, f: &Function, i1: Inst, i2: Inst) -> bool {
    let (a, b) = (f.dfg().inst(i1), f.dfg().inst(i2));
    if std::mem::discriminant(&a.kind) != std::mem::discriminant(&b.kind) || a.blocks != b.blocks {
        return false;
    }
    let ty = |d: &InstData| d.result().map(|v| f.dfg().value_type(v));
    if ty(a) != ty(b) || a.args.len() != b.args.len() {
        return false;
    }
    use InstKind as K;
    let same_op = match (&a.kind, &b.kind) {
        (K::Binary { op: x, .. }, K::Binary { op: y, .. }) => x == y,
        (K::Cast { op: x, .. }, K::Cast { op: y, .. }) => x == y,
        (K::ICmp { pred: x, .. }, K::ICmp { pred: y, .. }) => {
            return (x == y && a.args == b.args)
                || (x.swapped() == *y && a.args[0] == b.args[1] && a.args[1] == b.args[0]);
        }
        (K::FCmp { pred: x, .. }, K::FCmp { pred: y, .. }) => return x == y && a.args == b.args,
        // Alignment, volatility and ordering must be equal, as LLVM requires.
        (K::Load { .. }, _) | (K::Store { .. }, _) | (K::Alloca { .. }, _) => a.kind == b.kind,
        _ => merge_kind(&a.kind, &b.kind).is_ok(),
    };
    if !same_op {
        return false;
    }
    if a.args == b.args {
        return true;
    }
    if matches!(&a.kind, K::Binary { op, .. } if op.is_commutative()) {
        return a.args.len() == 2 && a.args[0] == b.args[1] && a.args[1] == b.args[0];
    }
    // A call of a commutative intrinsic: the callee, then the two swapped
    // arguments, then the rest.
    commutative_intrinsic(m, f, a)
        && a.args.len() >= 3
        && a.args[0] == b.args[0]
        && a.args[1] == b.args[2]
        && a.args[2] == b.args[1]
        && a.args[3..] == b.args[3..]
}

/// Whether `d` calls an intrinsic whose first two arguments commute
/// (LLVM's `IntrinsicInst::isCommutative`).
fn commutative_intrinsic(m: &Module, f: &Function, d: &InstData) -> bool {
    const NAMES: &[&str] = &[
        "umin",
        "umax",
        "smin",
        "smax",
        "minnum",
        "maxnum",
        "minimum",
        "maximum",
        "minimumnum",
        "maximumnum",
        "sadd.sat",
        "uadd.sat",
        "sadd.with.overflow",
        "uadd.with.overflow",
        "smul.with.overflow",
        "umul.with.overflow",
        "smul.fix",
        "umul.fix",
        "smul.fix.sat",
        "umul.fix.sat",
        "fma",
        "fmuladd",
    ];
    let Some(decl) = opt_conv_legality::convergence::callee_decl(m, f, d) else { return false };
    let Some(rest) = decl.name.strip_prefix("llvm.") else { return false };
    NAMES.iter().any(|n| rest.strip_prefix(n).is_some_and(|t| t.is_empty() || t.starts_with('.')))
}

/// LLVM's `skippedInstrFlags`.
fn skipped_flags(m: &Module, f: &Function, i: Inst) -> u8 {
    let e = inst_effects(m, f, i);
    let mut flags = 0;
    if e.reads {
        flags |= SKIP_READ_MEM;
    }
    if e.writes || e.may_throw || e.may_not_return || matches!(f.dfg().inst(i).kind, InstKind::Alloca { .. }) {
        flags |= SKIP_SIDE_EFFECT;
    }
    if !e.transfers_execution() {
        flags |= SKIP_IMPLICIT_CONTROL_FLOW;
    }
    if is_convergent_op(m, f, f.dfg().inst(i)) {
        flags |= SKIP_CONVERGENT;
    }
    flags
}

/// LLVM's `isSafeToHoistInstr`: `i` may move above the instructions
/// skipped before it (summed up in `flags`), and its operands are not
/// defined in its block.
fn safe_to_hoist(m: &Module, f: &Function, i: Inst, flags: u8) -> bool {
    let e = inst_effects(m, f, i);
    let d = f.dfg().inst(i);
    if flags & SKIP_READ_MEM != 0 && e.writes {
        return false;
    }
    let side = e.writes || e.may_throw || e.may_not_return;
    if flags & SKIP_SIDE_EFFECT != 0 && (e.reads || side || matches!(d.kind, InstKind::Alloca { .. })) {
        return false;
    }
    // Past an instruction that may not hand control on, only what may run
    // anyway (speculation) moves: no memory access, no trap, no call.
    if flags & SKIP_IMPLICIT_CONTROL_FLOW != 0 && !safe_to_speculate(m, f, i) {
        return false;
    }
    // A thread that stops at `i` took part in the convergent operation
    // skipped before it; above it, it would not.
    if flags & SKIP_CONVERGENT != 0 && !e.transfers_execution() {
        return false;
    }
    let b = f.layout().inst_block(i);
    d.args.iter().all(|&v| f.dfg().value_inst(v).is_none_or(|j| f.layout().inst_block(j) != b))
}

/// Whether `i` may run where it did not (LLVM's
/// `isSafeToSpeculativelyExecute`, without its knowledge of dereferenceable
/// pointers and speculatable calls): no memory access, no call, and no
/// trap: a division only by a constant that is neither 0 nor, if signed, -1.
pub(crate) fn safe_to_speculate(m: &Module, f: &Function, i: Inst) -> bool {
    let d = f.dfg().inst(i);
    if d.call_info().is_some() || matches!(d.kind, InstKind::Load { .. } | InstKind::Alloca { .. }) || d.is_terminator()
    {
        return false;
    }
    let e = inst_effects(m, f, i);
    if e.is_pure() {
        return true;
    }
    if e.reads || e.writes || e.may_throw || e.may_not_return {
        return false;
    }
    let InstKind::Binary { op, .. } = d.kind else { return false };
    use opt_conv_ir::inst::BinOp;
    let signed = matches!(op, BinOp::SDiv | BinOp::SRem);
    if !matches!(op, BinOp::UDiv | BinOp::URem | BinOp::SDiv | BinOp::SRem) {
        return false;
    }
    let Some(c) = f.dfg().value_const(d.args[1]) else { return false };
    let (Some(v), Some(sv)) = (c.as_int(), c.as_sint(&m.types)) else { return false };
    v != 0 && !(signed && sv == -1)
}

/// LLVM's `hoistLockstepIdenticalDbgVariableRecords`: the debug records
/// before `i1` and each of `others`, walked in lockstep from the first,
/// that are identical in all of them, all move to just before `t`.
fn hoist_identical_records(m: &Module, f: &mut Function, t: Inst, i1: Inst, others: &[Inst]) {
    let lists: Vec<Vec<opt_conv_ir::debug::DbgRecord>> =
        std::iter::once(i1).chain(others.iter().copied()).map(|i| f.layout().dbg_records(i).to_vec()).collect();
    if lists.iter().any(Vec::is_empty) {
        return;
    }
    let n = lists.iter().map(Vec::len).min().unwrap_or(0);
    let mut hoisted = Vec::new();
    let mut keep: Vec<Vec<opt_conv_ir::debug::DbgRecord>> = vec![Vec::new(); lists.len()];
    for k in 0..n {
        // Identical when defined: the record's location does not count.
        let same = lists[1..].iter().all(|l| same_record(m, &l[k], &lists[0][k]));
        for (j, l) in lists.iter().enumerate() {
            if same {
                hoisted.push(l[k].clone());
            } else {
                keep[j].push(l[k].clone());
            }
        }
    }
    if hoisted.is_empty() {
        return;
    }
    for (j, l) in lists.iter().enumerate() {
        keep[j].extend(l[n..].iter().cloned());
    }
    let layout = f.layout_mut_preserving_cfg();
    for (j, i) in std::iter::once(i1).chain(others.iter().copied()).enumerate() {
        layout.set_dbg_records(i, std::mem::take(&mut keep[j]));
    }
    let mut at_t = layout.take_dbg_records(t);
    at_t.extend(hoisted);
    layout.set_dbg_records(t, at_t);
}

/// Whether two debug records say the same, wherever they come from
/// (LLVM's `DbgRecord::isIdenticalToWhenDefined`: the location aside;
/// equal uniqued nodes, such as two `!DIExpression()`, are the same).
fn same_record(m: &Module, a: &opt_conv_ir::debug::DbgRecord, b: &opt_conv_ir::debug::DbgRecord) -> bool {
    use opt_conv_ir::debug::DbgRecord as R;
    use opt_conv_ir::metadata::MetadataSink;
    let same_md = |x: opt_conv_ir::MdId, y: opt_conv_ir::MdId| {
        x == y
            || match (m.metadata.node(x), m.metadata.node(y)) {
                (Some(p), Some(q)) => !p.distinct && !q.distinct && p.body == q.body,
                _ => false,
            }
    };
    match (a, b) {
        (R::Variable(x), R::Variable(y)) => {
            x.kind == y.kind
                && x.location == y.location
                && same_md(x.variable, y.variable)
                && same_md(x.expression, y.expression)
                && x.assign == y.assign
        }
        (R::Label { label: x, .. }, R::Label { label: y, .. }) => same_md(*x, *y),
        _ => false,
    }
}
