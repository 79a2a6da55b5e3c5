//! The implementation's freedom at anchors, chosen by the executor.
//!
//! "The set of threads executing converged dynamic instances of
//! `llvm.experimental.convergence.anchor` is implementation-defined"
//! (ConvergentOperations.rst). A judge that always picks one grouping
//! accepts transforms that are only right for that grouping: with anchors
//! grouped maximally, sinking `%outer` into a loop header (so that the loop
//! intrinsic is no longer a heart) looks harmless, because every
//! iteration's anchor groups the same threads again. The spec forbids it
//! precisely because each iteration's anchor may group them differently.
//!
//! So the program under test runs once per [`AnchorGrouping`]: the threads
//! that reach one maximal instance of an anchor (same invocation, same
//! iteration of every enclosing cycle) are split into the parts the
//! grouping says, each part a separate dynamic instance. Every such split
//! is allowed: the parts are disjoint, each is executed once per thread,
//! and convergence-before stays a strict order because nothing is joined
//! that maximal convergence kept apart. Uncontrolled operations and calls
//! without a token keep maximal convergence: their grouping is what
//! "Inferring Tokens" reads as entry-rooted (all threads of the group that
//! reach the operation together), which is what transforms must preserve.
//!
//! The choice is deterministic: a pure function of the strategy, the
//! dynamic instance (the anchor, the class of its invocation and its
//! iteration counts) and the lane.

use crate::classes::{ClassId, StaticOp};
use opt_conv_ir::EntityRef;

/// How the threads reaching one maximal anchor instance are grouped.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum AnchorGrouping {
    /// All together (what an implementation "likely" does).
    #[default]
    Maximal,
    /// Every thread alone.
    Singletons,
    /// A pseudo-random partition into up to three parts, drawn afresh for
    /// every dynamic instance from this seed.
    Random(u64),
}

impl AnchorGrouping {
    /// The groupings tried for one trial: maximal, singletons, and `random`
    /// random ones derived from `seed`.
    pub fn for_trial(seed: u64, random: u32) -> Vec<AnchorGrouping> {
        let mut out = vec![AnchorGrouping::Maximal, AnchorGrouping::Singletons];
        out.extend((0..u64::from(random)).map(|k| AnchorGrouping::Random(mix(seed ^ mix(k + 1)))));
        out
    }

    /// The part of `lane` in the maximal instance of anchor `op` in
    /// invocation `inv` at cycle iterations `iters`; `None` for maximal.
    pub fn part(self, op: StaticOp, inv: ClassId, iters: &[u32], lane: u32) -> Option<u32> {
        match self {
            AnchorGrouping::Maximal => None,
            AnchorGrouping::Singletons => Some(lane),
            AnchorGrouping::Random(seed) => {
                let mut h = mix(seed ^ op.func.index() as u64);
                h = mix(h ^ op.inst.index() as u64);
                h = mix(h ^ u64::from(inv.0));
                for &i in iters {
                    h = mix(h ^ u64::from(i));
                }
                let parts = 1 + h % 3;
                Some((mix(h ^ u64::from(lane).wrapping_add(0x9e37)) % parts) as u32)
            }
        }
    }
}

/// A 64-bit mixing function (splitmix64's finalizer).
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use opt_conv_ir::{FuncId, Inst};

    #[test]
    fn random_groupings_differ_between_instances_and_repeat_exactly() {
        let op = StaticOp { func: FuncId::new(0), inst: Inst::new(3) };
        let g = AnchorGrouping::for_trial(7, 3);
        assert_eq!(g, AnchorGrouping::for_trial(7, 3));
        assert_eq!(g.len(), 5);
        let split = |g: AnchorGrouping, it: u32| -> Vec<u32> {
            (0..8).map(|l| g.part(op, ClassId(0), &[it], l).unwrap()).collect()
        };
        // Some iteration is split differently from the first one.
        let first = split(g[2], 1);
        assert!((2..20).any(|it| split(g[2], it) != first));
        assert_eq!(split(AnchorGrouping::Singletons, 1), (0..8).collect::<Vec<_>>());
        assert_eq!(AnchorGrouping::Maximal.part(op, ClassId(0), &[], 0), None);
    }
}
