//! Unrolling, by loop kind (`ConvergentOperations.rst`, "Loop unrolling
//! examples"): a loop without convergent operations, or whose tokens are
//! defined and used inside it (anchors), unrolls in every way, each copy with
//! its own anchor; a loop with a heart unrolls fully or without a remainder,
//! the heart never duplicated, and with a remainder only when its trip count
//! is uniform; an extended loop (a token defined inside, used outside) is not
//! unrolled; uncontrolled convergent operations forbid a remainder.

use super::{Obligation, Oracle, Refusal, Rule, UnrollKind, Verdict};
use crate::convergence::LoopConvergence;
use opt_conv_ir::Function;
use opt_conv_ir::analysis::CycleId;

impl Oracle<'_> {
    pub(super) fn check_unroll(&self, f: &Function, cycle: CycleId, kind: UnrollKind) -> Verdict {
        let header = self.block_name(f, self.cycles.header(cycle));
        match self.conv.loop_kind(f, cycle) {
            LoopConvergence::None => Verdict::legal(),
            LoopConvergence::Controlled => Verdict::Legal(vec![Obligation::DuplicateAnchors]),
            LoopConvergence::Heart(h) => match kind {
                UnrollKind::Full
                | UnrollKind::PartialNoRemainder
                | UnrollKind::Runtime { uniform_trip_count: true } => Verdict::Legal(vec![Obligation::KeepHeart(h)]),
                UnrollKind::Runtime { uniform_trip_count: false } => Verdict::Refused(Refusal::new(
                    Rule::HeartRemainder,
                    format!(
                        "the loop at {header} has the heart {}; with a remainder, threads with different trip counts \
                         would run the same original iteration in different copies (main loop and remainder), and \
                         its trip count is not known to be uniform",
                        self.inst_name(f, h)
                    ),
                )),
            },
            LoopConvergence::Extended => Verdict::Refused(Refusal::new(
                Rule::ExtendedLoop,
                format!("a token defined in the loop at {header} is used outside it (an extended loop)"),
            )),
            LoopConvergence::Uncontrolled => match kind {
                UnrollKind::Full | UnrollKind::PartialNoRemainder => Verdict::legal(),
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
