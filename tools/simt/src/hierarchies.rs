//! The other cycle hierarchies of a function with irreducible cycles.
//!
//! The maximal converged-with relation is defined in terms of cycle
//! headers, and "Cycle headers may not be unique to a given CFG if it is
//! irreducible. Each cycle hierarchy for the same CFG results in a
//! different maximal converged-with relation" (ConvergenceAndUniformity.rst,
//! *Maximal Convergence*). Which hierarchy a compiler sees depends only on
//! the order of a depth-first search, which no transform is bound to keep
//! (swapping a branch's successors and inverting its condition changes
//! it), so a program allows the grouping of its uncontrolled operations
//! (and of its anchors, "Controlled Maximal Convergence") under *every*
//! hierarchy of its CFG, and only those. The equivalence check
//! ([`crate::equiv`]) therefore accepts `after` when one hierarchy of
//! `before` reproduces it, and runs `after` under each of its own.
//!
//! A hierarchy is found by a DFS that tries each block's successors in some
//! order; over the blocks from which an irreducible cycle can be reached,
//! every combination of orders is tried when there are at most [`TRIES`],
//! else each block's orders by themselves and then pseudo-random
//! combinations (a switch with many successors only rotated), and distinct
//! hierarchies kept.

use opt_conv_ir::analysis::{CycleInfo, FunctionAnalyses};
use opt_conv_ir::{Block, Function, SecondaryMap};
use std::collections::BTreeSet;
use std::sync::Arc;

/// DFS orders tried per function.
pub const TRIES: usize = 256;

/// Per block holding a call, the headers of the cycles containing it,
/// innermost first: what the grouping of its convergent operations (and of
/// those of its callees) depends on. Hierarchies that differ only in cycles
/// without a call group no thread differently, and would use up the limit
/// before one that does.
fn signature(f: &Function, cycles: &CycleInfo) -> Vec<Vec<Block>> {
    f.layout()
        .blocks()
        .filter(|&b| f.block_insts(b).any(|i| f.dfg().inst(i).call_info().is_some()))
        .map(|b| {
            let mut chain = Vec::new();
            let mut c = cycles.cycle_of(b);
            while let Some(x) = c {
                chain.push(cycles.header(x));
                c = cycles.parent(x);
            }
            chain
        })
        .collect()
}

/// The cycle hierarchies of `f` other than the IR's own, at most `limit`;
/// none when every cycle is reducible.
pub fn other_hierarchies(f: &Function, limit: usize) -> Vec<Arc<CycleInfo>> {
    let (cfg, base) = (f.cfg(), f.cycles());
    if base.cycles().all(|c| base.is_reducible(c)) || limit == 0 {
        return Vec::new();
    }
    // Blocks from which a block of an irreducible cycle can be reached.
    let mut reaches: SecondaryMap<Block, bool> = SecondaryMap::with_default(false);
    let mut work: Vec<Block> =
        base.cycles().filter(|&c| !base.is_reducible(c)).flat_map(|c| base.blocks(c).iter().copied()).collect();
    while let Some(b) = work.pop() {
        if std::mem::replace(&mut reaches[b], true) {
            continue;
        }
        work.extend(cfg.preds(b).iter().copied().filter(|&p| cfg.is_reachable(p)));
    }
    let varying: Vec<Block> = cfg.rpo().iter().copied().filter(|&b| reaches[b] && cfg.succs(b).len() > 1).collect();
    let mut seen: BTreeSet<Vec<Vec<Block>>> = BTreeSet::new();
    seen.insert(signature(f, &base));
    let mut out = Vec::new();
    // Successor orders: each block alone through its orders first (one
    // branch choosing the entry reached first), then every block's
    // permutation index counted in mixed radix (k! per block with k
    // successors) when that covers them all, else all of them at once,
    // pseudo-randomly. Counting alone only moved the first few blocks:
    // branches before an irreducible cycle that decide nothing hid the one
    // that does.
    let radix = |b: Block| orders(cfg.succs(b).len());
    let total = varying.iter().try_fold(1usize, |acc, &b| acc.checked_mul(radix(b)).filter(|&t| t <= TRIES));
    let singles: Vec<(Block, usize)> =
        varying.iter().flat_map(|&b| (1..radix(b).min(SINGLES)).map(move |p| (b, p))).collect();
    let mut order: SecondaryMap<Block, usize> = SecondaryMap::with_default(0);
    for combo in 1..TRIES {
        for &b in &varying {
            order[b] = 0;
        }
        if let Some(&(b, p)) = singles.get(combo - 1) {
            order[b] = p;
        } else {
            let combo = combo - singles.len();
            match total {
                Some(total) if combo >= total => break,
                Some(_) => {
                    let mut rest = combo;
                    for &b in &varying {
                        order[b] = rest % radix(b);
                        rest /= radix(b);
                    }
                }
                None => {
                    let mut state = (combo as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                    for &b in &varying {
                        order[b] = (splitmix(&mut state) % radix(b) as u64) as usize;
                    }
                }
            }
        }
        let succ = |b: Block, i: usize| {
            let s = cfg.succs(b);
            s[nth_of_permutation(s.len(), order[b], i)]
        };
        let cycles = CycleInfo::from_cfg_with_dfs_order(&cfg, &succ);
        if seen.insert(signature(f, &cycles)) {
            out.push(Arc::new(cycles));
            if out.len() >= limit {
                break;
            }
        }
    }
    out
}

/// Orders of a block's successors tried by themselves before all blocks
/// vary at once.
const SINGLES: usize = 24;

/// Successors up to which every order is tried; past it, rotations.
const PERMUTED: usize = 5;

/// How many successor orders of a block with `n` successors are tried:
/// `n!` up to [`PERMUTED`] successors, `n` rotations past it.
fn orders(n: usize) -> usize {
    if n <= PERMUTED { (2..=n).product() } else { n }
}

/// The successor visited `i`th among `n` under order `index`: the
/// `index`th permutation (Lehmer code; 0 is the identity) up to
/// [`PERMUTED`] successors, the `index`th rotation past it.
fn nth_of_permutation(n: usize, index: usize, i: usize) -> usize {
    if index == 0 {
        return i;
    }
    if n > PERMUTED {
        return (i + index) % n;
    }
    let factorial = |k: usize| (2..=k).product::<usize>();
    let mut left: Vec<usize> = (0..n).collect();
    let mut index = index;
    let mut pick = 0;
    for k in 0..=i {
        let f = factorial(n - k - 1);
        let (q, r) = (index / f, index % f);
        pick = left.remove(q % left.len());
        index = r;
    }
    pick
}

/// One step of the SplitMix64 generator.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_irreducible_cycle_has_one_hierarchy_per_entry() {
        let src = "declare void @g()\ndefine void @f(i1 %c) {\nentry:\n  br i1 %c, label %a, label %b\n\
                   a:\n  br label %b\nb:\n  call void @g()\n  br i1 %c, label %a, label %x\nx:\n  ret void\n}\n";
        let (m, _) = opt_conv_ir::parse_module("t.ll", src).unwrap();
        let f = m.body(m.func_by_name("f").unwrap()).unwrap();
        let base = f.cycles();
        let other = other_hierarchies(f, 8);
        assert_eq!(other.len(), 1);
        let c = |ci: &CycleInfo| ci.cycles().next().unwrap();
        assert_ne!(base.header(c(&base)), other[0].header(c(&other[0])));
        let loop_src = "define void @f(i1 %c) {\nentry:\n  br label %h\nh:\n  br i1 %c, label %h, label %x\n\
                        x:\n  ret void\n}\n";
        let (m, _) = opt_conv_ir::parse_module("t.ll", loop_src).unwrap();
        assert!(other_hierarchies(m.body(m.func_by_name("f").unwrap()).unwrap(), 8).is_empty());
    }
}
