//! Branch weights (`!prof !{!"branch_weights", ...}`) through threading,
//! with the arithmetic of LLVM 22's jump threading so that the weights it
//! writes are the same:
//!
//! * before a branch on a phi of `b` is threaded, a constant `i1` entry of
//!   the phi whose way the branch's weights make unlikely (below one half)
//!   bounds the weight of the edge that brings it: the nearest conditional
//!   branch up the chain of single predecessors from the entry's block gets
//!   that probability for the edge towards `b`, if it has no weights yet
//!   ([`infer_predecessor_weights`]);
//! * when an edge into a block whose branch has weights is threaded, the
//!   block frequencies of the function (computed once, from the weights,
//!   when first needed, and updated by each thread) say how often the
//!   block is still entered and where it then goes: its branch gets weights
//!   in that proportion ([`Profile::threaded`]).
//!
//! Probabilities are fractions of 2^31 rounded as LLVM's `BranchProbability`
//! rounds them; frequencies are 64-bit integers scaled so that the entry is
//! 2^54, from masses distributed in 64-bit fixed point.
//!
//! The frequencies are only computed where they can be as LLVM computes them
//! without its loop analysis and static heuristics: a function without
//! cycles, whose unweighted branches compare nothing LLVM has a heuristic
//! for (pointers, integers with 0, 1 or -1, floats), with no `unreachable`
//! and no cold callee. Elsewhere the weights stay as they were.

use crate::module_edits::ModuleEdits;
use opt_conv_ir::analysis::FunctionAnalyses;
use opt_conv_ir::metadata::MdOperand;
use opt_conv_ir::{Block, Const, Function, Inst, InstKind, Module, Type};
use rustc_hash::FxHashMap;

/// The denominator of a branch probability.
const D: u64 = 1 << 31;

/// `numerator / denominator` as a fraction of 2^31, rounded to nearest
/// (both at most `u32::MAX`).
fn prob(numerator: u64, denominator: u64) -> u32 {
    if denominator == D {
        return numerator as u32;
    }
    ((numerator * D + denominator / 2) / denominator) as u32
}

/// `numerator / denominator` for 64-bit operands: both are shifted right
/// until the denominator fits 32 bits, then [`prob`].
fn prob64(mut numerator: u64, mut denominator: u64) -> u32 {
    while denominator > u64::from(u32::MAX) {
        denominator >>= 1;
        numerator >>= 1;
    }
    prob(numerator, denominator)
}

/// `x * p / 2^31`, rounded down, saturating.
fn scale(x: u64, p: u32) -> u64 {
    let q = u128::from(x) * u128::from(p) / u128::from(D);
    u64::try_from(q).unwrap_or(u64::MAX)
}

/// Probabilities that sum to one, each in proportion to its numerator.
fn normalize(ps: &mut [u32]) {
    let sum: u64 = ps.iter().map(|&p| u64::from(p)).sum();
    if sum == 0 {
        let each = prob(1, ps.len() as u64);
        ps.iter_mut().for_each(|p| *p = each);
        return;
    }
    for p in ps.iter_mut() {
        *p = ((u64::from(*p) * D + sum / 2) / sum) as u32;
    }
}

/// The branch weights of a terminator.
#[derive(Clone, Debug)]
pub struct Weights {
    /// One per operand after the name (and origin).
    pub values: Vec<u64>,
    /// `!"expected"` after the name (weights from `llvm.expect`).
    pub expected: bool,
    /// The type of the weight constants.
    pub ty: Type,
}

/// The branch weights on `t`, if it has a `!prof` node of them.
pub fn weights(m: &Module, edits: &ModuleEdits, f: &Function, t: Inst) -> Option<Weights> {
    let id = f.dfg().inst_md(t, "prof")?;
    let ops = edits.tuple_ops(m, id)?;
    let (name, rest) = ops.split_first()?;
    if !matches!(name, MdOperand::Str(s) if &**s == b"branch_weights") {
        return None;
    }
    let (expected, rest) = match rest.split_first() {
        Some((MdOperand::Str(s), r)) if &**s == b"expected" => (true, r),
        _ => (false, rest),
    };
    let mut values = Vec::with_capacity(rest.len());
    let mut ty = None;
    for op in rest {
        let MdOperand::Const(c) = op else { return None };
        values.push(u64::try_from(c.as_int()?).ok()?);
        ty = Some(c.ty);
    }
    Some(Weights { values, expected, ty: ty? })
}

/// The weights on `t` if there is one per successor (LLVM's valid weights).
pub fn valid_weights(m: &Module, edits: &ModuleEdits, f: &Function, t: Inst) -> Option<Weights> {
    let w = weights(m, edits, f, t)?;
    (w.values.len() == f.dfg().inst(t).blocks.len() && w.values.len() >= 2).then_some(w)
}

/// Gives `t` the branch weights `values`.
pub fn set_weights(
    m: &Module,
    edits: &mut ModuleEdits,
    f: &mut Function,
    t: Inst,
    values: &[u32],
    expected: bool,
    ty: Type,
) {
    let mut ops = vec![MdOperand::Str(b"branch_weights"[..].into())];
    if expected {
        ops.push(MdOperand::Str(b"expected"[..].into()));
    }
    ops.extend(values.iter().map(|&v| MdOperand::Const(Const::int(&m.types, ty, u128::from(v)))));
    let id = edits.md_tuple(ops);
    f.dfg_mut().set_inst_md(t, "prof", Some(id));
}

/// `b` ends in a conditional branch on `phi`, a phi of `b`. For each `i1`
/// constant the phi takes, if `b`'s weights make the way it sends the
/// branch less likely than not, the nearest conditional branch up the chain
/// of single predecessors from where the constant comes gets, when it has
/// no weights, that probability for its edge towards `b` (and the rest for
/// the other): taking that edge is at most as likely.
pub fn infer_predecessor_weights(m: &Module, edits: &mut ModuleEdits, f: &mut Function, b: Block, phi: Inst) {
    let Some(t) = f.terminator(b) else { return };
    let Some(w) = weights(m, edits, f, t) else { return };
    let [tw, fw] = w.values[..] else { return };
    if tw + fw == 0 {
        return;
    }
    let d = f.dfg().inst(phi).clone();
    for (k, &v) in d.args.iter().enumerate() {
        let Some(c) = f.dfg().value_const(v) else { continue };
        if c.ty != Type::I1 {
            continue;
        }
        let Some(x) = c.as_int() else { continue };
        let p = prob64(if x == 1 { tw } else { fw }, tw + fw);
        // The nearest conditional branch up the single predecessors.
        let (mut pred, mut succ) = (d.blocks[k], b);
        let mut seen: Vec<Block> = Vec::new();
        let found = loop {
            let Some(pt) = f.terminator(pred) else { break None };
            if f.dfg().inst(pt).is_cond_br() {
                break Some((pred, succ));
            }
            seen.push(pred);
            let single = match f.cfg().preds(pred) {
                [q] => Some(*q),
                _ => None,
            };
            match single {
                Some(q) if !seen.contains(&q) => {
                    succ = pred;
                    pred = q;
                }
                _ => break None,
            }
        };
        let Some((pred, succ)) = found else { return };
        let pt = f.terminator(pred).expect("found by its terminator");
        if weights(m, edits, f, pt).is_some_and(|pw| pw.values.len() == 2) {
            continue;
        }
        if u64::from(p) * 2 >= D {
            continue;
        }
        let other = (D - u64::from(p)) as u32;
        let ws = if f.dfg().inst(pt).blocks[0] == succ { [p, other] } else { [other, p] };
        set_weights(m, edits, f, pt, &ws, false, w.ty);
    }
}

/// Block frequencies and edge probabilities of the function being
/// threaded, kept up to date by threads (as LLVM keeps them: other edits
/// leave them as they were; a block they do not know has frequency 0, and
/// a block whose successors changed in number goes each way equally).
#[derive(Debug, Default)]
pub struct Profile {
    freq: FxHashMap<Block, u64>,
    probs: FxHashMap<Block, Vec<u32>>,
}

impl Profile {
    /// The frequencies of `f` as it is, if they can be computed as LLVM
    /// computes them (see the module docs).
    pub fn compute(m: &Module, edits: &ModuleEdits, f: &Function) -> Option<Profile> {
        let cfg = f.cfg();
        let rpo: Vec<Block> = cfg.rpo().to_vec();
        let mut p = Profile::default();
        for &b in &rpo {
            let t = f.terminator(b)?;
            let d = f.dfg().inst(t);
            if d.kind == InstKind::Unreachable {
                return None;
            }
            for i in f.block_insts(b) {
                let id = f.dfg().inst(i);
                if matches!(id.kind, InstKind::Call(_))
                    && opt_conv_legality::convergence::callee_decl(m, f, id)
                        .is_some_and(|c| c.fn_attrs.has("cold") || c.fn_attrs.has("noreturn"))
                {
                    return None;
                }
            }
            let ri = cfg.rpo_index(b)?;
            // A cycle: an edge back to a block not after this one.
            if cfg.succs(b).iter().any(|&s| cfg.rpo_index(s).is_some_and(|si| si <= ri)) {
                return None;
            }
            let n = d.blocks.len();
            if n < 2 {
                continue;
            }
            if !matches!(d.kind, InstKind::Br | InstKind::Switch) {
                return None;
            }
            if let Some(w) = valid_weights(m, edits, f, t) {
                p.probs.insert(b, probs_from_weights(&w.values));
            } else if d.is_cond_br() && has_heuristic(m, f, d.args[0]) {
                return None;
            }
        }
        // Masses, the entry's being all of 2^64 - 1, split along the edges.
        let mut mass: FxHashMap<Block, u64> = FxHashMap::default();
        if let Some(&e) = rpo.first() {
            mass.insert(e, u64::MAX);
        }
        for &b in &rpo {
            let here = mass.get(&b).copied().unwrap_or(0);
            let succs = cfg.succs(b);
            // Weights per distinct successor, in reverse post-order.
            let mut dist: Vec<(usize, Block, u64)> = Vec::new();
            for (k, &s) in succs.iter().enumerate() {
                let w = u64::from(p.edge_prob_at(succs.len(), b, k)).max(1);
                let si = cfg.rpo_index(s)?;
                match dist.iter_mut().find(|x| x.1 == s) {
                    Some(x) => x.2 += w,
                    None => dist.push((si, s, w)),
                }
            }
            dist.sort_by_key(|x| x.0);
            if dist.len() == 1 {
                dist[0].2 = 1;
            }
            let mut total: u64 = dist.iter().map(|x| x.2).sum();
            if total > u64::from(u32::MAX) {
                let shift = 33 - total.leading_zeros();
                total = 0;
                for x in &mut dist {
                    let r = (x.2 >> shift) + ((x.2 >> (shift - 1)) & 1);
                    x.2 = r.max(1);
                    total += x.2;
                }
            }
            let (mut rem_w, mut rem_m) = (total, here);
            for (_, s, w) in dist {
                let taken = if w == rem_w { rem_m } else { scale(rem_m, prob(w, rem_w)) };
                rem_w -= w;
                rem_m -= taken;
                let e = mass.entry(s).or_insert(0);
                *e = e.saturating_add(taken);
            }
        }
        for &b in &rpo {
            let ms = mass.get(&b).copied().unwrap_or(0);
            let fr = if ms == u64::MAX { 1 << 54 } else { ((u128::from(ms) + 1) >> 10).max(1) as u64 };
            p.freq.insert(b, fr);
        }
        Some(p)
    }

    /// The probability of the `k`th of the `n` edges out of `b`.
    fn edge_prob_at(&self, n: usize, b: Block, k: usize) -> u32 {
        match self.probs.get(&b) {
            Some(ps) if ps.len() == n => ps[k],
            _ => prob(1, n as u64),
        }
    }

    /// The probability of going from `b` to `s` (over every edge).
    fn edge_prob(&self, f: &Function, b: Block, s: Block) -> u32 {
        let succs = f.successors(b);
        match self.probs.get(&b) {
            Some(ps) if ps.len() == succs.len() => {
                let sum: u64 = succs.iter().zip(ps).filter(|(x, _)| **x == s).map(|(_, &p)| u64::from(p)).sum();
                sum.min(D) as u32
            }
            _ => prob(succs.iter().filter(|&&x| x == s).count() as u64, succs.len() as u64),
        }
    }

    fn freq(&self, b: Block) -> u64 {
        self.freq.get(&b).copied().unwrap_or(0)
    }

    /// Before `p -> b` is threaded: how often the copy of `b` will run.
    pub fn copy_frequency(&self, f: &Function, p: Block, b: Block) -> u64 {
        scale(self.freq(p), self.edge_prob(f, p, b))
    }

    /// After `p -> b` was threaded to `s` through `nb`, which runs `nb_freq`
    /// times: `b` runs that much less, and less often goes to `s`. Returns
    /// the new probabilities of `b`'s edges, if it has two or more.
    pub fn threaded(&mut self, f: &Function, b: Block, nb: Block, s: Block, nb_freq: u64) -> Option<Vec<u32>> {
        self.freq.insert(nb, nb_freq);
        let orig = self.freq(b);
        self.freq.insert(b, orig.saturating_sub(nb_freq));
        let succs = f.successors(b).to_vec();
        let out: Vec<u64> = succs
            .iter()
            .enumerate()
            .map(|(k, &x)| {
                let e = scale(orig, self.edge_prob_at(succs.len(), b, k));
                if x == s { e.saturating_sub(nb_freq) } else { e }
            })
            .collect();
        let max = out.iter().copied().max().unwrap_or(0);
        let mut ps: Vec<u32> = if max == 0 {
            vec![prob(1, out.len() as u64); out.len()]
        } else {
            let mut ps: Vec<u32> = out.iter().map(|&x| prob64(x, max)).collect();
            normalize(&mut ps);
            ps
        };
        if ps.is_empty() {
            return None;
        }
        self.probs.insert(b, ps.clone());
        (ps.len() >= 2).then(|| std::mem::take(&mut ps))
    }
}

/// Edge probabilities from branch weights, as LLVM reads them: scaled
/// down together if their sum passes 32 bits, all equal if they sum to 0.
fn probs_from_weights(ws: &[u64]) -> Vec<u32> {
    let mut ws = ws.to_vec();
    let mut sum: u64 = ws.iter().sum();
    if sum > u64::from(u32::MAX) {
        let s = sum / u64::from(u32::MAX) + 1;
        ws.iter_mut().for_each(|w| *w /= s);
        sum = ws.iter().sum();
    }
    if sum == 0 {
        ws.iter_mut().for_each(|w| *w = 1);
        sum = ws.len() as u64;
    }
    ws.iter().map(|&w| prob(w, sum)).collect()
}

/// Whether LLVM would guess the probabilities of a branch on `cond`
/// without weights (comparisons of pointers, of integers with 0, 1 or -1
/// in the ways it reads as likely or unlikely, of floats): such branches
/// are not modelled. (LLVM has no guess for a test of one bit against 0;
/// it is not modelled all the same.)
fn has_heuristic(m: &Module, f: &Function, cond: opt_conv_ir::Value) -> bool {
    let Some(i) = f.dfg().value_inst(cond) else { return false };
    let d = f.dfg().inst(i);
    match d.kind {
        InstKind::FCmp { .. } => true,
        InstKind::ICmp { .. } => {
            let ty = f.dfg().value_type(d.args[0]);
            if m.types.is_ptr(ty) {
                return true;
            }
            let InstKind::ICmp { pred, .. } = d.kind else { return false };
            use opt_conv_ir::inst::IntPred as P;
            match f.dfg().value_const(d.args[1]).and_then(|c| c.as_sint(&m.types)) {
                Some(0) => matches!(pred, P::Eq | P::Ne | P::Slt | P::Sgt),
                Some(1) => pred == P::Slt,
                Some(-1) => matches!(pred, P::Eq | P::Ne | P::Sgt),
                _ => false,
            }
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probabilities_round_as_llvm() {
        assert_eq!(prob(10, 15), 1431655765);
        assert_eq!(prob(5, 15), 715827883);
        assert_eq!(prob(10, 11), 1952257862);
        assert_eq!(prob64(3 << 37, 1 << 40), 805306368);
        let mut ps = vec![1 << 31, 805306368];
        normalize(&mut ps);
        assert_eq!(ps, vec![1561806289, 585677359]);
    }
}
