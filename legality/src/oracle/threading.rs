//! Jump threading: redirecting `pred -> block` to `succ` through a copy of
//! `block` (`ConvergentOperations.rst`, "Unstructured control flow", and the
//! "flag at a distance" discussion of the convergent attribute, D85603).
//!
//! Threading keeps, for each thread, which operations it executes; what it
//! can change is which threads execute them *together*. A convergent
//! operation in `block` is duplicated, so threads arriving from `pred` and
//! from elsewhere end up in different copies: legal only if converged
//! threads always arrive the same way. Controlled operations downstream keep
//! their thread sets (tokens define them); uncontrolled ones downstream may
//! not, because maximal convergence depends on the shape of the CFG.

use super::names::{block_name_as, inst_list_as, inst_name_as};
use super::{Oracle, Query, Refusal, Rule, Verdict};
use crate::FunctionConvergence;
use crate::convergence::{ConvOp, classify};
use crate::uniformity::divergent_by_data;
use opt_conv_ir::analysis::{Cfg, FunctionAnalyses};
use opt_conv_ir::{Block, EntitySet, FuncId, Function, Inst, Module, Value};

/// How many values [`divergent_by_data`] may look at for one operand.
const WITNESS_LIMIT: usize = 64;

impl Oracle<'_> {
    /// Whether threading through `block` or copying it into a predecessor
    /// ([`crate::Query::Thread`], [`crate::Query::DuplicateInto`]) is legal
    /// without consulting the analyses: `block` holds no call (only calls
    /// are convergent operations), so nothing is duplicated, and the
    /// function (`mode`) has no uncontrolled convergent operation whose
    /// grouping the new control flow could change. [`Oracle::check_thread`]
    /// finds exactly that; a pass may skip refreshing a stale oracle then.
    pub fn copies_nothing_convergent(f: &Function, block: Block, mode: FunctionConvergence) -> bool {
        matches!(mode, FunctionConvergence::None | FunctionConvergence::Controlled)
            && f.block_insts(block).all(|i| f.dfg().inst(i).call_info().is_none())
    }

    /// The verdict a fresh oracle gives on `q` (a [`Query::Thread`] or
    /// [`Query::DuplicateInto`]) when it can be found without the
    /// whole-function analyses, which a pass that keeps changing a large
    /// function cannot afford to recompute per question; `None` otherwise
    /// (ask the oracle). `exact_names` is [`Oracle::explaining`]'s.
    ///
    /// Only for a function without convergence tokens: `mode` is
    /// [`FunctionConvergence::Uncontrolled`], as the caller knows it from
    /// before edits that only copied or deleted operations (so no token
    /// appeared), as for [`Oracle::copies_nothing_convergent`]. Then the
    /// answer rests on branches [`divergent_by_data`] proves divergent:
    /// the arrival at `block` is decided by `pred`'s divergent branch, or
    /// `block`'s own branch is divergent; [`Oracle::check_thread`] then
    /// refuses to copy the convergent operations of `block` (only the
    /// arrival matters for them), or else refuses if an uncontrolled
    /// operation is reachable from `block` and allows it if none is.
    pub fn quick_thread_verdict(
        m: &Module,
        fid: FuncId,
        f: &Function,
        q: &Query,
        mode: FunctionConvergence,
        exact_names: bool,
    ) -> Option<Verdict> {
        let v = Self::quick_thread_verdict_unchecked(m, fid, f, q, mode, exact_names);
        #[cfg(debug_assertions)]
        if let Some(v) = &v
            && f.layout().num_blocks() <= 200
        {
            let fresh = Oracle::new(m, fid, f).explaining(exact_names).ask(f, q);
            assert_eq!(*v, fresh, "the quick verdict on {q:?} is not the oracle's");
        }
        v
    }

    fn quick_thread_verdict_unchecked(
        m: &Module,
        fid: FuncId,
        f: &Function,
        q: &Query,
        mode: FunctionConvergence,
        exact: bool,
    ) -> Option<Verdict> {
        let (pred, block, succ) = match *q {
            Query::Thread { pred, block, succ } => (pred, block, Some(succ)),
            Query::DuplicateInto { pred, block } => (pred, block, None),
            _ => return None,
        };
        if mode != FunctionConvergence::Uncontrolled {
            return None;
        }
        let mut at_risk = Vec::new();
        for i in f.block_insts(block) {
            match classify(m, f, f.dfg().inst(i)) {
                ConvOp::None => {}
                ConvOp::Uncontrolled => at_risk.push(i),
                // A token after all: the full check.
                ConvOp::Intrinsic { .. } | ConvOp::Controlled { .. } => return None,
            }
        }
        let cfg = f.cfg();
        let target = super::legality_target(m);
        // As `branch_uniform_at` asks: a real choice, on a divergent value.
        let divergent = |b: Block| {
            let succs = cfg.succs(b);
            succs.iter().any(|&s| s != succs[0])
                && f.terminator(b).is_some_and(|t| {
                    f.dfg().inst(t).args.iter().any(|&a| divergent_by_data(m, fid, f, target, a, WITNESS_LIMIT))
                })
        };
        let arrival_divergent = divergent(pred);
        if !at_risk.is_empty() {
            // Whether the arrival is uniform decides between the two refusals.
            return arrival_divergent.then(|| duplicate_under_divergence(m, f, pred, block, succ, &at_risk, exact));
        }
        if !arrival_divergent && !divergent(block) {
            return None;
        }
        let uncontrolled = |i: Inst| classify(m, f, f.dfg().inst(i)) == ConvOp::Uncontrolled;
        Some(match first_reachable(f, &cfg, block, uncontrolled) {
            Some(u) => uncontrolled_downstream_refusal(m, f, u, block, exact),
            None => Verdict::legal(),
        })
    }

    /// Threading `pred -> block` to `succ` through a copy of `block`, or
    /// (`succ` none) copying `block` with its terminator into `pred`.
    pub(super) fn check_thread(&self, f: &Function, pred: Block, block: Block, succ: Option<Block>) -> Verdict {
        let convergent: Vec<Inst> = f.block_insts(block).filter(|&i| self.conv.is_convergent(i)).collect();
        // Operations controlled by an anchor of the block itself may be
        // split between the copies: each copy has its own anchor, whose
        // grouping is the implementation's choice anyway.
        let local_anchor = |i: Inst| {
            self.conv
                .token_of(i)
                .is_some_and(|t| self.block(f, t) == block && self.conv.def_kind(t) == Some(crate::TokenKind::Anchor))
        };
        let at_risk: Vec<Inst> = convergent
            .iter()
            .copied()
            .filter(|&i| !local_anchor(i) && self.conv.def_kind(i) != Some(crate::TokenKind::Anchor))
            .collect();
        // Named only for a refusal: block names number the function's
        // blocks, which after every edit would cost the function's size.
        let route = || route(f, pred, block, succ, self.explain);
        for &i in &convergent {
            if let ConvOp::Intrinsic { .. } = self.conv.op(i) {
                let outside = self.conv.uses_of(i).iter().any(|&u| self.block(f, u) != block);
                if outside {
                    return Verdict::Refused(Refusal::new(
                        Rule::TokenPlacement,
                        format!(
                            "{} would duplicate the token intrinsic {}, whose token is used beyond the \
                             block (a token cannot be merged by a phi)",
                            route(),
                            self.inst_name(f, i)
                        ),
                    ));
                }
                if let Some(kind) = self.conv.def_kind(i).filter(|&k| k != crate::TokenKind::Anchor) {
                    // Used in the block alone, it still may not be copied:
                    // a loop intrinsic is its cycle's heart (in the header),
                    // an entry intrinsic belongs to the entry block.
                    return Verdict::Refused(Refusal::new(
                        Rule::TokenPlacement,
                        format!(
                            "{} would duplicate {}, a call to {}, which is never copied (entry and loop \
                             intrinsics never move)",
                            route(),
                            self.inst_name(f, i),
                            kind.intrinsic_name()
                        ),
                    ));
                }
            }
        }
        // With nothing duplicated at risk and no uncontrolled operation
        // whose grouping the new control flow could change, the arrival
        // does not matter (and uniformity need not be computed).
        let uncontrolled_possible =
            matches!(self.conv.mode(), crate::FunctionConvergence::Uncontrolled | crate::FunctionConvergence::Mixed);
        if at_risk.is_empty() && !uncontrolled_possible {
            return Verdict::legal();
        }
        // Converged threads all arrive by the same edge when whether they
        // come through `pred` is decided by uniform branches only: those
        // deciding whether `pred` is reached (from `block`'s immediate
        // dominator) and `pred`'s own branch, all as seen by the threads
        // meeting at `block`: a branch in a cycle that `block` is outside of
        // counts only if the cycle lets its threads leave together (else
        // they arrive from different iterations).
        let arrival_uniform = self.branch_uniform_at(f, pred, block)
            && match self.dt.idom(block) {
                Some(idom) if idom != pred && self.dt.dominates(idom, pred) => {
                    self.deciding_divergent_branches(f, idom, &[pred], block).is_empty()
                }
                _ => true,
            };
        // An anchor's group may hold threads of different iterations of a
        // cycle around the anchor: a branch deciding the arrival that can
        // go different ways in different iterations splits such a group.
        let arrival_uniform = arrival_uniform && {
            let roots: Vec<Inst> =
                at_risk.iter().filter_map(|&i| self.conv.token_of(i).and_then(|t| self.conv.anchor_root(t))).collect();
            roots.is_empty() || {
                let mut deciding = vec![pred];
                if let Some(idom) = self.dt.idom(block).filter(|&d| d != pred && self.dt.dominates(d, pred)) {
                    deciding.extend(self.deciding_branches(idom, &[pred]));
                }
                !deciding.iter().any(|&x| roots.iter().any(|&a| self.varies_across_iterations(f, x, a)))
            }
        };
        if !at_risk.is_empty() && !arrival_uniform {
            return duplicate_under_divergence(self.m, f, pred, block, succ, &at_risk, self.explain);
        }
        if !(arrival_uniform && self.branch_uniform_at(f, block, block))
            && let Some(u) = self.uncontrolled_downstream(f, block)
        {
            return uncontrolled_downstream_refusal(self.m, f, u, block, self.explain);
        }
        Verdict::legal()
    }

    /// A new branch on `cond` at the end of `block` whose arms meet again at
    /// once ([`crate::Query::UnfoldSelect`]). No operation moves or is
    /// copied, and every thread still executes the same operations. An
    /// operation controlled by a token keeps its threads (the token
    /// defines them; the branch makes no cycle). An uncontrolled one
    /// reachable from `block` may not: threads that go different ways at a
    /// divergent branch need not execute it together any more (the "flag at
    /// a distance" of D85603), so the branch must be uniform.
    pub(super) fn check_unfold_select(&self, f: &Function, block: Block, cond: Value) -> Verdict {
        if self.value_uniform_at(f, cond, block) {
            return Verdict::legal();
        }
        match self.uncontrolled_downstream(f, block) {
            Some(u) => Verdict::Refused(Refusal::new(
                Rule::UncontrolledDownstream,
                format!(
                    "{} is an uncontrolled convergent operation reachable from {}; a branch there on a \
                     divergent condition can change which threads execute it together",
                    self.inst_name(f, u),
                    self.block_name(f, block),
                ),
            )),
            None => Verdict::legal(),
        }
    }

    /// The first uncontrolled convergent operation reachable from `from`
    /// (including `from` itself), in a deterministic search order.
    fn uncontrolled_downstream(&self, f: &Function, from: Block) -> Option<Inst> {
        if self.conv.mode() != crate::FunctionConvergence::Uncontrolled
            && self.conv.mode() != crate::FunctionConvergence::Mixed
        {
            return None;
        }
        first_reachable(f, &self.cfg, from, |i| self.conv.op(i) == ConvOp::Uncontrolled)
    }
}

/// The first instruction satisfying `wanted` in the blocks reachable from
/// `from` (including `from`), in a deterministic search order.
fn first_reachable(f: &Function, cfg: &Cfg, from: Block, wanted: impl Fn(Inst) -> bool) -> Option<Inst> {
    let mut seen = EntitySet::new();
    let mut work = vec![from];
    seen.insert(from);
    while let Some(b) = work.pop() {
        if let Some(i) = f.block_insts(b).find(|&i| wanted(i)) {
            return Some(i);
        }
        for &s in cfg.succs(b) {
            if seen.insert(s) {
                work.push(s);
            }
        }
    }
    None
}

/// How a refusal names the transform: `threading %p -> %b -> %s`, or
/// `copying %b into %p` (no `succ`).
fn route(f: &Function, pred: Block, block: Block, succ: Option<Block>, exact: bool) -> String {
    let name = |b: Block| block_name_as(f, b, exact);
    match succ {
        Some(s) => format!("threading {} -> {} -> {}", name(pred), name(block), name(s)),
        None => format!("copying {} into {}", name(block), name(pred)),
    }
}

fn duplicate_under_divergence(
    m: &Module,
    f: &Function,
    pred: Block,
    block: Block,
    succ: Option<Block>,
    at_risk: &[Inst],
    exact: bool,
) -> Verdict {
    Verdict::Refused(Refusal::new(
        Rule::DuplicateUnderDivergence,
        format!(
            "{} would duplicate {}; threads arriving from {} and from elsewhere would execute \
             different copies, and they may arrive differently (divergent branches before {})",
            route(f, pred, block, succ, exact),
            inst_list_as(m, f, at_risk, exact),
            block_name_as(f, pred, exact),
            block_name_as(f, block, exact)
        ),
    ))
}

fn uncontrolled_downstream_refusal(m: &Module, f: &Function, u: Inst, block: Block, exact: bool) -> Verdict {
    Verdict::Refused(Refusal::new(
        Rule::UncontrolledDownstream,
        format!(
            "{} is an uncontrolled convergent operation reachable from {}; rewriting the control flow \
             above it can change which threads execute it together",
            inst_name_as(m, f, u, exact),
            block_name_as(f, block, exact)
        ),
    ))
}
