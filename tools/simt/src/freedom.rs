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
use crate::error::Result;
use crate::typed::TypeCtx;
use crate::value::Val;
use opt_conv_ir::EntityRef;
use opt_conv_ir::types::Type;
use std::rc::Rc;

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

/// The dynamic freezes of a value with poison in it that one thread
/// executed, in order: the freeze's name (`@func:%name`, when it has one)
/// and the value it produced.
pub type FreezeLog = Vec<(Option<Rc<str>>, Val)>;

/// How `freeze` resolves poison: "an arbitrary, but fixed, value" per
/// dynamic instance (LangRef), which may differ between two freezes of the
/// same poison and between threads. A judge that always picks one value
/// cannot see a transform that duplicates a freeze (the copies may
/// disagree) or that relies on one particular choice, so each run picks by
/// a strategy: a deterministic function of the strategy, the lane, and the
/// dynamic freeze (its index among the thread's freezes of poison).
#[derive(Clone, Debug, Default)]
pub enum FreezeStrategy {
    /// Every bit zero (pointers null).
    #[default]
    Zeros,
    /// Every bit one (pointers null).
    Ones,
    /// Pseudo-random bits drawn from the seed, the lane and the freeze.
    Random(u64),
    /// The values another run's freezes produced, per lane: a freeze takes
    /// the value of the other run's freeze of the same name and occurrence
    /// (the last one when this run executes it more often), else the one at
    /// the same index, else the other run's last (two freezes merged into
    /// one), else zero. This is how `before` reproduces `after`'s
    /// choices when a transform kept, hoisted or reordered its freezes.
    Replay(Rc<[FreezeLog]>),
    /// The `k`th freeze of each thread gives all ones if bit `k` of the
    /// mask is set, else zero (so from the 32nd on, zero): how `before`
    /// matches a transform that folded each of several freezes of undef to
    /// a constant of its own.
    Mixed(u32),
}

impl FreezeStrategy {
    /// The strategies tried for `after` in one trial: zeros, ones, and
    /// `random` pseudo-random ones derived from `seed`.
    pub fn for_trial(seed: u64, random: u32) -> Vec<FreezeStrategy> {
        let mut out = vec![FreezeStrategy::Zeros, FreezeStrategy::Ones];
        out.extend((0..u64::from(random)).map(|k| FreezeStrategy::Random(mix(seed ^ mix(0xf2ee_2e00 + k)))));
        out
    }

    /// A short description for reports.
    pub fn describe(&self) -> String {
        match self {
            FreezeStrategy::Zeros => "freezes of poison gave zero".into(),
            FreezeStrategy::Ones => "freezes of poison gave all ones".into(),
            FreezeStrategy::Random(seed) => format!("freezes of poison gave random bits, seed {seed:#x}"),
            FreezeStrategy::Replay(_) => "freezes of poison replayed another run's".into(),
            FreezeStrategy::Mixed(mask) => format!("freezes of poison gave zero or all ones by mask {mask:#b}"),
        }
    }

    /// The value the next freeze of `lane` (which has frozen `log` so far)
    /// gives for the poison parts of a value of type `t`; `key` names the freeze.
    pub fn fill(&self, tcx: &TypeCtx<'_>, t: Type, lane: u32, log: &FreezeLog, key: Option<&str>) -> Result<Val> {
        let k = log.len() as u64;
        match self {
            FreezeStrategy::Zeros => tcx.zero(t),
            FreezeStrategy::Ones => tcx.filled(t, &mut |_| u128::MAX),
            FreezeStrategy::Mixed(mask) => {
                if k < 32 && (mask >> k) & 1 == 1 {
                    tcx.filled(t, &mut |_| u128::MAX)
                } else {
                    tcx.zero(t)
                }
            }
            FreezeStrategy::Random(seed) => {
                let h = mix(mix(*seed ^ mix(u64::from(lane))) ^ mix(k.wrapping_add(0x5eed)));
                tcx.filled(t, &mut |pos| {
                    let a = mix(h ^ mix(pos));
                    let b = mix(a ^ 0xb17e);
                    (u128::from(a) << 64) | u128::from(b)
                })
            }
            FreezeStrategy::Replay(logs) => {
                let zero = tcx.zero(t)?;
                let Some(theirs) = logs.get(lane as usize) else { return Ok(zero) };
                let named = key.and_then(|key| {
                    let n = log.iter().filter(|(k, _)| k.as_deref() == Some(key)).count();
                    let mut same = theirs.iter().filter(|(k, _)| k.as_deref() == Some(key));
                    let last = same.clone().next_back();
                    same.nth(n).or(last)
                });
                let pick = named.or_else(|| theirs.get(k as usize)).or_else(|| theirs.last()).map(|(_, v)| v);
                Ok(match pick {
                    Some(v) if same_shape(v, &zero) => v.clone(),
                    _ => zero,
                })
            }
        }
    }
}

/// Whether two values have the same type as far as values tell.
fn same_shape(a: &Val, b: &Val) -> bool {
    match (a, b) {
        (Val::Int { bits: x, .. }, Val::Int { bits: y, .. }) => x == y,
        (Val::Float(x), Val::Float(y)) => std::mem::discriminant(x) == std::mem::discriminant(y),
        (Val::Agg(x), Val::Agg(y)) => x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| same_shape(p, q)),
        (Val::Ptr(_), Val::Ptr(_)) | (Val::Poison, Val::Poison) => true,
        _ => false,
    }
}

/// `v` with its poison parts taken from `fill` (a value of the same type).
pub fn resolve_poison(v: &Val, fill: &Val) -> Val {
    match (v, fill) {
        (Val::Poison, f) => f.clone(),
        (Val::Agg(es), Val::Agg(fs)) if es.len() == fs.len() => {
            crate::typed::agg(es.iter().zip(fs.iter()).map(|(e, f)| resolve_poison(e, f)).collect())
        }
        (other, _) => other.clone(),
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
