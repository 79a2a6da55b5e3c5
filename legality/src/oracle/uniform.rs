//! The one notion of uniformity every rule asks: do the threads that share a
//! dynamic instance of a token at a point agree on a branch or a value?
//!
//! The analysis under it is [`Mode::Legality`](crate::uniformity::Mode):
//! LLVM's propagation, which is exact for the entry token (the coarsest
//! grouping) and so sound for every finer one, plus anchored results as
//! sources of divergence. What it cannot see by itself is *where the
//! question is asked from*: a branch inside a cycle is uniform among the
//! threads of one iteration, but threads that meet outside the cycle may have
//! passed it in different iterations. So every question here names the
//! point it is asked from, and a cycle that contains the branch (or the
//! value's definition) but not that point must let its threads leave
//! together (no divergent exit, not irreducible): "Temporal Divergence at
//! Cycle Exit" and "Controlled Maximal converged-with" in
//! `ConvergenceAndUniformity.rst`.
//!
//! Threads that stop are the other way a group changes without a branch: an
//! instruction that may not pass control on (`llvm.amdgcn.kill`, a call
//! without `willreturn` or `nounwind`) splits the threads before it from
//! those after it, exactly as a divergent branch to an exit would.

use super::{InsertPoint, Oracle};
use opt_conv_ir::analysis::CycleId;
use opt_conv_ir::effects::inst_effects;
use opt_conv_ir::{Block, Function, Inst, Value};

impl Oracle<'_> {
    /// Whether every group of threads that reaches `at` together took the
    /// terminator of `b` the same way (trivially so without a real choice).
    pub fn branch_uniform_at(&self, f: &Function, b: Block, at: Block) -> bool {
        if self.cfg.succs(b).len() < 2 || !self.has_real_choice(f, b) {
            return true;
        }
        self.uniformity(f).is_uniform_branch(b) && !self.left_apart(f, b, at)
    }

    /// Whether every group of threads that reaches `at` together sees one
    /// value of `v` there (for a value defined in a cycle that `at` is
    /// outside of: all of them left it in the same iteration).
    pub fn value_uniform_at(&self, f: &Function, v: Value, at: Block) -> bool {
        if self.uniformity(f).is_divergent(f, v) {
            return false;
        }
        match f.dfg().value_inst(v).and_then(|d| f.layout().inst_block(d)) {
            Some(db) => !self.left_apart(f, db, at),
            None => true,
        }
    }

    /// Whether the branch of `b` may go different ways in different
    /// iterations of a cycle that contains both it and `anchor`: its
    /// condition is computed inside such a cycle (a constant, an argument or
    /// a value from outside every such cycle is the same in all iterations).
    pub(super) fn varies_across_iterations(&self, f: &Function, b: Block, anchor: Inst) -> bool {
        let Some(ab) = f.layout().inst_block(anchor) else { return true };
        let Some(t) = f.terminator(b) else { return false };
        let Some(&cond) = f.dfg().inst(t).args.first() else { return false };
        let Some(def_block) = f.dfg().value_inst(cond).and_then(|d| f.layout().inst_block(d)) else { return false };
        let mut c = self.cycles.cycle_of(b);
        while let Some(cy) = c {
            if self.cycles.contains(cy, ab) && self.cycles.contains(cy, def_block) {
                return true;
            }
            c = self.cycles.parent(cy);
        }
        false
    }

    /// Whether `v` may differ between iterations of a cycle containing
    /// `anchor`: it is defined inside such a cycle.
    pub(super) fn value_varies_across_iterations(&self, f: &Function, v: Value, anchor: Inst) -> bool {
        let (Some(ab), Some(db)) =
            (f.layout().inst_block(anchor), f.dfg().value_inst(v).and_then(|d| f.layout().inst_block(d)))
        else {
            return false;
        };
        let mut c = self.cycles.cycle_of(db);
        while let Some(cy) = c {
            if self.cycles.contains(cy, ab) {
                return true;
            }
            c = self.cycles.parent(cy);
        }
        false
    }

    /// Whether a cycle containing `b` but not `at` may let threads leave it
    /// in different iterations or by different exits.
    fn left_apart(&self, f: &Function, b: Block, at: Block) -> bool {
        let mut c: Option<CycleId> = self.cycles.cycle_of(b);
        while let Some(cy) = c {
            if self.cycles.contains(cy, at) {
                return false;
            }
            if self.uniformity(f).may_leave_apart(cy) {
                return true;
            }
            c = self.cycles.parent(cy);
        }
        false
    }

    /// The first place strictly between `top` and `bottom` (excluding
    /// `skip`) where a thread may stop, where `top` comes first on every
    /// path to `bottom`: an instruction after which a thread may not
    /// continue (after `top` in its block, in the blocks on the paths
    /// between them, before `bottom` in its block), or a cycle on those paths
    /// that a thread may never leave.
    pub(super) fn thread_ender_between(&self, f: &Function, top: Span, bottom: Span, skip: &[Inst]) -> Option<Ender> {
        let (tb, bb) = (top.block(f), bottom.block(f));
        let ender = |i: Inst| !skip.contains(&i) && !inst_effects(self.m, f, i).transfers_execution();
        let layout = f.layout();
        let scan = |start: Option<Inst>, end: Option<Inst>| -> Option<Inst> {
            let mut cur = start;
            while let Some(i) = cur {
                if Some(i) == end {
                    return None;
                }
                if ender(i) {
                    return Some(i);
                }
                cur = layout.next_inst(i);
            }
            None
        };
        if tb == bb {
            return scan(top.start(f), bottom.start(f)).map(Ender::Inst);
        }
        if let Some(i) = scan(top.start(f), None) {
            return Some(Ender::Inst(i));
        }
        let outer = self.cycles.cycle_of(tb);
        for x in self.paths(tb, bb) {
            if x == tb {
                continue;
            }
            // Termination is not known: a thread may stay in the cycle forever.
            if let Some(c) = self.cycles.cycle_of(x)
                && outer.is_none_or(|o| o != c && self.cycles.contains(o, self.cycles.header(c)))
            {
                return Some(Ender::Cycle(self.cycles.header(c)));
            }
            if let Some(i) = scan(layout.first_inst(x), None) {
                return Some(Ender::Inst(i));
            }
        }
        scan(layout.first_inst(bb), bottom.start(f)).map(Ender::Inst)
    }
}

/// Where a thread may stop between two points.
#[derive(Copy, Clone, Debug)]
pub(super) enum Ender {
    /// An instruction that may not pass control to the next one.
    Inst(Inst),
    /// A cycle (by its header) that a thread may never leave.
    Cycle(Block),
}

impl Oracle<'_> {
    /// How a refusal names an [`Ender`].
    pub(super) fn ender_text(&self, f: &Function, e: Ender) -> String {
        match e {
            Ender::Inst(i) => format!("{}, after which a thread may not continue", self.inst_name(f, i)),
            Ender::Cycle(h) => format!("the cycle at {}, which a thread may never leave", self.block_name(f, h)),
        }
    }
}

/// One end of a stretch of straight-line execution, for
/// [`Oracle::thread_ender_between`].
#[derive(Copy, Clone, Debug)]
pub(super) enum Span {
    /// Just after this instruction (where a moved instruction was).
    After(Inst),
    /// At an insertion point: the instruction there is the first one after it.
    At(InsertPoint),
}

impl Span {
    fn block(self, f: &Function) -> Block {
        match self {
            Span::After(i) | Span::At(InsertPoint::Before(i)) => f.layout().inst_block(i).expect("in layout"),
            Span::At(InsertPoint::BlockStart(b) | InsertPoint::BlockEnd(b)) => b,
        }
    }

    /// The first instruction executed from here on (`None`: the block's end).
    fn start(self, f: &Function) -> Option<Inst> {
        match self {
            Span::After(i) => f.layout().next_inst(i),
            Span::At(InsertPoint::Before(i)) => Some(i),
            Span::At(InsertPoint::BlockStart(b)) => f.layout().first_inst(b),
            Span::At(InsertPoint::BlockEnd(b)) => f.terminator(b),
        }
    }
}
