//! Unrolling, by loop kind (`ConvergentOperations.rst`, "Loop unrolling
//! examples"): a loop without convergent operations, or whose tokens are
//! defined and used inside it (anchors), unrolls in every way, each copy with
//! its own anchor; a loop with a heart unrolls fully or without a remainder,
//! the heart never duplicated, and with a remainder only when its trip count
//! is uniform; an extended loop (a token defined inside, used outside) is not
//! unrolled; uncontrolled convergent operations forbid a remainder.

use super::names::block_name_as;
use super::{Obligation, Oracle, Refusal, Rule, UnrollKind, Verdict};
use crate::convergence::{ConvOp, LoopConvergence, classify, is_convergent_op};
use opt_conv_ir::analysis::{CycleId, CycleInfo, FunctionAnalyses};
use opt_conv_ir::{Block, Function, Module, Value};

impl Oracle<'_> {
    pub(super) fn check_unroll(&self, f: &Function, cycle: CycleId, kind: UnrollKind) -> Verdict {
        // Named only in a refusal: naming numbers the whole function.
        let header = || self.block_name(f, self.cycles.header(cycle));
        if let Some(inner) = irreducible_with_convergence(self.m, f, &self.cycles, cycle) {
            return irreducible_refusal(&header(), &self.block_name(f, inner));
        }
        match self.conv.loop_kind(f, cycle) {
            LoopConvergence::None => Verdict::legal(),
            LoopConvergence::Controlled => Verdict::Legal(vec![Obligation::DuplicateAnchors]),
            LoopConvergence::Heart(h) => match kind {
                UnrollKind::Full | UnrollKind::PartialNoRemainder | UnrollKind::KeepExits => {
                    Verdict::Legal(vec![Obligation::KeepHeart(h)])
                }
                UnrollKind::Runtime { trip_count_of, frozen } => {
                    // The threads that start the loop together are those of
                    // the heart's token at the header; with one trip count
                    // among them, each original iteration runs in the same
                    // copy for all of them.
                    let at = self.cycles.header(cycle);
                    // A heart rooted in an anchor inside an outer cycle
                    // may group threads of different outer iterations: the
                    // count must not change between them either.
                    let root = self.conv.token_of(h).and_then(|t| self.conv.anchor_root(t));
                    let same = |v: Value| {
                        self.value_uniform_at(f, v, at)
                            && root.is_none_or(|a| !self.value_varies_across_iterations(f, v, a))
                    };
                    let uniform = trip_count_of.is_some_and(|(a, b)| same(a) && same(b));
                    // Frozen, uniform values give one count only if they
                    // are well defined.
                    let frozen_apart = uniform
                        && frozen
                        && trip_count_of.is_some_and(|(a, b)| !(self.well_defined(f, a) && self.well_defined(f, b)));
                    if uniform && !frozen_apart {
                        Verdict::Legal(vec![Obligation::KeepHeart(h)])
                    } else {
                        Verdict::Refused(Refusal::new(
                            Rule::HeartRemainder,
                            format!(
                                "the loop at {} has the heart {}; with a remainder, threads with different trip \
                                 counts would run the same original iteration in different copies (main loop and \
                                 remainder), and its trip count is not known to be {}",
                                header(),
                                self.inst_name(f, h),
                                if frozen_apart {
                                    "the same for them: it is computed through a freeze of values that may be \
                                     undef or poison, which may pick a different value in each thread"
                                } else {
                                    "uniform for them"
                                }
                            ),
                        ))
                    }
                }
            },
            LoopConvergence::Extended => Verdict::Refused(Refusal::new(
                Rule::ExtendedLoop,
                format!("a token defined in the loop at {} is used outside it (an extended loop)", header()),
            )),
            LoopConvergence::Uncontrolled => uncontrolled(kind, header),
        }
    }
}

/// The verdict for a loop whose convergent operations are all uncontrolled.
fn uncontrolled(kind: UnrollKind, header: impl Fn() -> String) -> Verdict {
    match kind {
        UnrollKind::Full | UnrollKind::PartialNoRemainder | UnrollKind::KeepExits => Verdict::legal(),
        UnrollKind::Runtime { .. } => Verdict::Refused(Refusal::new(
            Rule::UncontrolledRemainder,
            format!(
                "the loop at {} contains uncontrolled convergent operations; a remainder loop would split threads \
                 that were converged in the same iteration",
                header()
            ),
        )),
    }
}

/// A header of an irreducible cycle inside the loop `within` that holds a
/// convergent operation. Its uncontrolled operations and anchors group
/// threads by the cycle hierarchy, one per CFG (ConvergenceAndUniformity.rst,
/// "Maximal Convergence"): every iteration of the loop sees the same header.
/// Unrolling copies the cycle, and each copy may get a header of its own,
/// a mix of groupings no hierarchy of the original gives (rule
/// `irreducible-edge`, found by the adversarial review of pipelines).
fn irreducible_with_convergence(m: &Module, f: &Function, cycles: &CycleInfo, within: CycleId) -> Option<Block> {
    cycles
        .cycles()
        .filter(|&c| c != within && !cycles.is_reducible(c))
        .filter(|&c| std::iter::successors(cycles.parent(c), |&p| cycles.parent(p)).any(|p| p == within))
        .find(|&c| cycles.blocks(c).iter().any(|&b| f.block_insts(b).any(|i| is_convergent_op(m, f, f.dfg().inst(i)))))
        .map(|c| cycles.header(c))
}

fn irreducible_refusal(header: &str, inner: &str) -> Verdict {
    Verdict::Refused(Refusal::new(
        Rule::IrreducibleEdge,
        format!(
            "the loop at {header} contains an irreducible cycle at {inner} with convergent operations; each copy \
             of it could get a different header, grouping threads as no cycle hierarchy of the original does"
        ),
    ))
}

/// The oracle's unroll verdict for the loop of `blocks` headed by `header`,
/// when the loop's own instructions decide it: no convergent operation
/// (every way is legal), or only uncontrolled ones (no remainder). `None`
/// when the loop has convergence intrinsics or controlled operations: ask
/// an [`Oracle`], whose analyses cover the whole function. For a pass
/// visiting many loops, building those after each transformed loop is
/// what made it quadratic. Names in refusals follow `exact_names` as in
/// [`Oracle::explaining`].
pub fn unroll_verdict_from_blocks(
    m: &Module,
    f: &Function,
    blocks: &[Block],
    header: Block,
    exact_names: bool,
    kind: UnrollKind,
) -> Option<Verdict> {
    let mut any = false;
    for &b in blocks {
        for i in f.block_insts(b) {
            match classify(m, f, f.dfg().inst(i)) {
                ConvOp::None => {}
                ConvOp::Uncontrolled => any = true,
                ConvOp::Intrinsic { .. } | ConvOp::Controlled { .. } => return None,
            }
        }
    }
    // Copies of an irreducible cycle may each get their own header (below).
    if any {
        let cycles = f.cycles();
        if let Some(c) = cycles.cycle_of(header)
            && let Some(inner) = irreducible_with_convergence(m, f, &cycles, c)
        {
            return Some(irreducible_refusal(
                &block_name_as(f, header, exact_names),
                &block_name_as(f, inner, exact_names),
            ));
        }
    }
    // As `ConvergenceInfo::loop_kind`: `None` without convergent
    // operations, `Uncontrolled` at the first uncontrolled one.
    Some(if any { uncontrolled(kind, || block_name_as(f, header, exact_names)) } else { Verdict::legal() })
}

impl Oracle<'_> {
    /// Whether `v` is known to be neither undef nor poison: a constant that
    /// cannot be either (not a constant expression that may be poison, such
    /// as `extractelement` of a vector with a poison element), or a
    /// `noundef` argument.
    fn well_defined(&self, f: &Function, v: Value) -> bool {
        let dfg = f.dfg();
        if let Some(c) = dfg.value_const(v) {
            return !c.may_be_undef_or_poison();
        }
        dfg.value_param(v).is_some_and(|k| {
            self.m.func(self.fid).and_then(|d| d.param_attrs.get(k as usize)).is_some_and(|a| a.has("noundef"))
        })
    }
}
