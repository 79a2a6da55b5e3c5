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
//! order; the one whose first-visited successor is rotated at each branching
//! block reaches any entry of a cycle first along any path, so rotations
//! are tried (up to [`TRIES`] combinations, over the blocks from which an
//! irreducible cycle can be reached), and distinct hierarchies kept.

use opt_conv_ir::analysis::{CycleInfo, FunctionAnalyses};
use opt_conv_ir::{Block, Function, SecondaryMap};
use std::collections::BTreeSet;
use std::sync::Arc;

/// DFS orders tried per function.
pub const TRIES: usize = 256;

/// Per block, the headers of the cycles containing it, innermost first:
/// what the executor's counters depend on.
fn signature(f: &Function, cycles: &CycleInfo) -> Vec<Vec<Block>> {
    f.layout()
        .blocks()
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
    let mut rotation: SecondaryMap<Block, usize> = SecondaryMap::with_default(0);
    for combo in 1..TRIES {
        // The combo's digits, mixed radix over the varying blocks' successor
        // counts; past the last combination, stop.
        let mut rest = combo;
        for &b in &varying {
            let k = cfg.succs(b).len();
            rotation[b] = rest % k;
            rest /= k;
        }
        if rest > 0 {
            break;
        }
        let succ = |b: Block, i: usize| {
            let s = cfg.succs(b);
            s[(i + rotation[b]) % s.len()]
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_irreducible_cycle_has_one_hierarchy_per_entry() {
        let src = "define void @f(i1 %c) {\nentry:\n  br i1 %c, label %a, label %b\n\
                   a:\n  br label %b\nb:\n  br i1 %c, label %a, label %x\nx:\n  ret void\n}\n";
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
