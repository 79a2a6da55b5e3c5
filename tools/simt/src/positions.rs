//! Program positions that only ever grow along an execution.
//!
//! The scheduler must know when no other thread can still execute a given
//! dynamic instance. For that it orders the points a thread can be at in one
//! function invocation: a position is a vector, compared lexicographically,
//! that strictly increases with every instruction a thread executes.
//!
//! Each level of the cycle forest (the function itself, then each cycle) is
//! condensed into a DAG whose nodes are the level's own blocks and its child
//! cycles, without the edges back to the level's header; its nodes are
//! numbered topologically. A block's position is, from the outermost level
//! in: the topological number of the node containing it, and for each cycle
//! on the way the number of times the thread executed that cycle's header
//! since entering it; then the instruction's index in the block. Crossing an
//! edge either moves forward in some level's DAG or enters a header, which
//! increments that cycle's counter: either way the vector grows. The same
//! counters are the iteration counts of maximal convergence, so for an
//! uncontrolled operation "same class" and "same position" coincide.

use opt_conv_ir::analysis::{Cfg, CycleId, CycleInfo};
use opt_conv_ir::{Block, EntityRef, SecondaryMap};
use std::collections::BTreeSet;

/// For each block: its nodes, outermost level first, as (the cycle whose
/// iteration count precedes the node number, if the level is a cycle; the
/// node's topological number in that level).
pub type Levels = SecondaryMap<Block, Vec<(Option<CycleId>, u32)>>;

/// Computes the levels of every reachable block.
pub fn compute_levels(cfg: &Cfg, cycles: &CycleInfo) -> Levels {
    let mut levels: Levels = SecondaryMap::new();
    let mut scopes: Vec<Option<CycleId>> = vec![None];
    scopes.extend(cycles.preorder().into_iter().map(Some));
    for scope in scopes {
        let numbers = number_level(cfg, cycles, scope);
        for &b in cfg.rpo() {
            if !in_scope(cycles, scope, b) {
                continue;
            }
            if let Some(n) = numbers.get(&node_of(cycles, scope, b)) {
                levels[b].push((scope, *n));
            }
        }
    }
    levels
}

fn in_scope(cycles: &CycleInfo, scope: Option<CycleId>, b: Block) -> bool {
    scope.is_none_or(|c| cycles.contains(c, b))
}

/// The node of level `scope` containing `b`: the block itself (index
/// `b`) or the child cycle of `scope` containing it (index past the blocks).
fn node_of(cycles: &CycleInfo, scope: Option<CycleId>, b: Block) -> usize {
    let mut c = cycles.cycle_of(b);
    let mut child = None;
    while c != scope {
        child = c;
        c = c.and_then(|x| cycles.parent(x));
    }
    match child {
        None => b.index(),
        Some(ch) => usize::MAX - ch.index(),
    }
}

/// Topological numbers of the nodes of one level, by node index (a sparse
/// map: nodes are block indices or `usize::MAX - cycle index`).
fn number_level(cfg: &Cfg, cycles: &CycleInfo, scope: Option<CycleId>) -> rustc_hash::FxHashMap<usize, u32> {
    let header = scope.map(|c| cycles.header(c));
    // Nodes in first-RPO-appearance order; edges between distinct nodes.
    let mut order: Vec<usize> = Vec::new();
    let mut rank: rustc_hash::FxHashMap<usize, usize> = Default::default();
    for &b in cfg.rpo() {
        if in_scope(cycles, scope, b) {
            let n = node_of(cycles, scope, b);
            if let std::collections::hash_map::Entry::Vacant(e) = rank.entry(n) {
                e.insert(order.len());
                order.push(n);
            }
        }
    }
    let mut succs: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); order.len()];
    let mut indeg = vec![0u32; order.len()];
    for &b in cfg.rpo() {
        if !in_scope(cycles, scope, b) {
            continue;
        }
        let from = rank[&node_of(cycles, scope, b)];
        for &s in cfg.succs(b) {
            if Some(s) == header || !in_scope(cycles, scope, s) || !cfg.is_reachable(s) {
                continue;
            }
            let to = rank[&node_of(cycles, scope, s)];
            if to != from && succs[from].insert(to) {
                indeg[to] += 1;
            }
        }
    }
    // Kahn's algorithm, always taking the ready node first in RPO.
    let mut ready: BTreeSet<usize> = (0..order.len()).filter(|&i| indeg[i] == 0).collect();
    let mut numbers = rustc_hash::FxHashMap::default();
    let mut next = 0u32;
    while let Some(i) = ready.pop_first() {
        numbers.insert(order[i], next);
        next += 1;
        for &s in &succs[i] {
            indeg[s] -= 1;
            if indeg[s] == 0 {
                ready.insert(s);
            }
        }
    }
    // A level that is not acyclic cannot come from a valid cycle forest; number
    // what is left in RPO so that positions stay defined.
    for &n in &order {
        numbers.entry(n).or_insert_with(|| {
            next += 1;
            next - 1
        });
    }
    numbers
}

/// The position of a thread at instruction `index` of block `b`, given its
/// per-cycle header counters.
pub fn position(levels: &Levels, iters: &[u32], b: Block, index: u32) -> Vec<u32> {
    let mut p = Vec::with_capacity(levels[b].len() * 2 + 1);
    for &(c, n) in &levels[b] {
        if let Some(c) = c {
            p.push(iters.get(c.index()).copied().unwrap_or(0));
        }
        p.push(n);
    }
    p.push(index);
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use opt_conv_ir::analysis::FunctionAnalyses;

    #[test]
    fn loop_levels_number_header_first_and_exit_after_the_loop() {
        let src = "define void @f(i1 %c) {\nentry:\n  br label %h\nh:\n  br i1 %c, label %b, label %x\n\
                   b:\n  br label %h\nx:\n  ret void\n}\n";
        let (m, _) = opt_conv_ir::parse_module("t.ll", src).unwrap();
        let f = m.body(m.func_by_name("f").unwrap()).unwrap();
        let (cfg, cycles) = (f.cfg(), f.cycles());
        let levels = compute_levels(&cfg, &cycles);
        let blocks: Vec<Block> = f.layout().blocks().collect();
        let (entry, h, b, x) = (blocks[0], blocks[1], blocks[2], blocks[3]);
        let c = cycles.cycle_of(h).unwrap();
        let mut iters = vec![0; cycles.len()];
        let p_entry = position(&levels, &iters, entry, 0);
        iters[c.index()] = 1;
        let p_h1 = position(&levels, &iters, h, 0);
        let p_b1 = position(&levels, &iters, b, 0);
        iters[c.index()] = 2;
        let p_h2 = position(&levels, &iters, h, 0);
        iters[c.index()] = 0;
        let p_x = position(&levels, &iters, x, 0);
        assert!(
            p_entry < p_h1 && p_h1 < p_b1 && p_b1 < p_h2 && p_h2 < p_x,
            "{p_entry:?} {p_h1:?} {p_b1:?} {p_h2:?} {p_x:?}"
        );
    }
}
