//! Unrolling, by loop kind (`ConvergentOperations.rst`, "Loop unrolling
//! examples"): a loop without convergent operations, or whose tokens are
//! defined and used inside it (anchors), unrolls in every way, each copy with
//! its own anchor; a loop with a heart unrolls fully or without a remainder,
//! the heart never duplicated, and with a remainder only when its trip count
//! is uniform; an extended loop (a token defined inside, used outside) is not
//! unrolled; uncontrolled convergent operations forbid a remainder.

use super::{Obligation, Oracle, Refusal, Rule, UnrollKind, Verdict};
use crate::convergence::LoopConvergence;
use opt_conv_ir::analysis::CycleId;
use opt_conv_ir::{Function, Value};

impl Oracle<'_> {
    pub(super) fn check_unroll(&self, f: &Function, cycle: CycleId, kind: UnrollKind) -> Verdict {
        let header = self.block_name(f, self.cycles.header(cycle));
        match self.conv.loop_kind(f, cycle) {
            LoopConvergence::None => Verdict::legal(),
            LoopConvergence::Controlled => Verdict::Legal(vec![Obligation::DuplicateAnchors]),
            LoopConvergence::Heart(h) => match kind {
                UnrollKind::Full | UnrollKind::PartialNoRemainder | UnrollKind::KeepExits => {
                    Verdict::Legal(vec![Obligation::KeepHeart(h)])
                }
                UnrollKind::Runtime { trip_count_of } => {
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
                    if uniform {
                        Verdict::Legal(vec![Obligation::KeepHeart(h)])
                    } else {
                        Verdict::Refused(Refusal::new(
                            Rule::HeartRemainder,
                            format!(
                                "the loop at {header} has the heart {}; with a remainder, threads with different trip \
                                 counts would run the same original iteration in different copies (main loop and \
                                 remainder), and its trip count is not known to be uniform for them",
                                self.inst_name(f, h)
                            ),
                        ))
                    }
                }
            },
            LoopConvergence::Extended => Verdict::Refused(Refusal::new(
                Rule::ExtendedLoop,
                format!("a token defined in the loop at {header} is used outside it (an extended loop)"),
            )),
            LoopConvergence::Uncontrolled => match kind {
                UnrollKind::Full | UnrollKind::PartialNoRemainder | UnrollKind::KeepExits => Verdict::legal(),
                UnrollKind::Runtime { .. } => Verdict::Refused(Refusal::new(
                    Rule::UncontrolledRemainder,
                    format!(
                        "the loop at {header} contains uncontrolled convergent operations; a remainder loop would \
                         split threads that were converged in the same iteration"
                    ),
                )),
            },
        }
    }
}
