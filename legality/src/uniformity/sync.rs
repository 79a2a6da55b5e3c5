//! Sync dependence: the join blocks of a divergent branch and its divergent
//! cycle exits (Rosemann, Moll, Hack, POPL'21 §5, extended to irreducible
//! control flow as in LLVM's `GenericSyncDependenceAnalysis`).
//!
//! A divergent branch in `D` gives each successor a different "label" (think
//! of a variable assigned a different value on each edge); labels propagate
//! forward in a *modified post-order* in which every cycle is a DAG whose sole
//! sink is its header. A block reached by two different labels is a join of
//! disjoint paths from `D`: its phis become divergent. A cycle exit reached by
//! a label different from its cycle header's is a divergent exit.
//!
//! Cost: each label propagation visits the blocks between the branch and the
//! point where a single label remains (the post-dominating join), so the
//! whole analysis is near-linear for structured code; results are cached per
//! branch block.

use opt_conv_ir::analysis::{Cfg, CycleId, CycleInfo, DomTree, PostDomTree};
use opt_conv_ir::entity::PackedOption;
use opt_conv_ir::{Block, EntitySet, SecondaryMap};
use rustc_hash::FxHashMap;
use std::collections::BTreeSet;

/// A post-order of the blocks where each cycle forms an index interval
/// starting at its header and blocks after a cycle come before its header.
pub struct ModifiedPostOrder {
    order: Vec<Block>,
    index: SecondaryMap<Block, u32>,
    reducible_headers: EntitySet<Block>,
}

impl ModifiedPostOrder {
    /// Computes it from the entry block.
    pub fn compute(cfg: &Cfg, ci: &CycleInfo) -> Self {
        let mut po = ModifiedPostOrder {
            order: Vec::with_capacity(cfg.rpo().len()),
            index: SecondaryMap::with_default(u32::MAX),
            reducible_headers: EntitySet::new(),
        };
        let mut finalized = EntitySet::new();
        if let Some(e) = cfg.entry() {
            po.stack_po(cfg, ci, e, &mut finalized);
        }
        po
    }

    fn append(&mut self, b: Block, reducible_header: bool) {
        self.index[b] = self.order.len() as u32;
        self.order.push(b);
        if reducible_header {
            self.reducible_headers.insert(b);
        }
    }

    /// The depth-first walk from `entry`. A cycle met on the way is walked
    /// as a whole once its exits are done: its header is appended, then its
    /// body is walked in a frame of its own (`region`), with the cycle's
    /// header as the only way back. Frames are kept on a heap stack, not the
    /// call stack: cycles may nest as deep as the function is long.
    fn stack_po(&mut self, cfg: &Cfg, ci: &CycleInfo, entry: Block, fin: &mut EntitySet<Block>) {
        let mut frames: Vec<(Vec<Block>, Option<CycleId>)> = vec![(vec![entry], None)];
        while let Some((stack, region)) = frames.last_mut() {
            let region = *region;
            let Some(&next) = stack.last() else {
                frames.pop();
                continue;
            };
            if fin.contains(next) {
                stack.pop();
                continue;
            }
            let nested = ci.cycle_of(next);
            let inside_nested =
                nested != region && region.is_none_or(|r| nested.is_some_and(|n| ci.contains_cycle(r, n)));
            if inside_nested && let Some(mut n) = nested {
                // Step up to the cycle directly inside `region`.
                while ci.parent(n) != region {
                    n = ci.parent(n).expect("nested cycle under region");
                }
                let mut pushed = false;
                for x in ci.exits(cfg, n) {
                    if region.is_some_and(|r| !ci.contains(r, x)) || fin.contains(x) {
                        continue;
                    }
                    pushed = true;
                    stack.push(x);
                }
                if !pushed {
                    stack.pop();
                    let body = self.enter_cycle(cfg, ci, n, fin);
                    frames.push((body, Some(n)));
                }
                continue;
            }
            let mut pushed = false;
            for &s in cfg.succs(next) {
                if region.is_some_and(|r| !ci.contains(r, s)) || fin.contains(s) {
                    continue;
                }
                pushed = true;
                stack.push(s);
            }
            if !pushed {
                stack.pop();
                fin.insert(next);
                self.append(next, false);
            }
        }
    }

    /// Appends the header of cycle `c`; returns where its body's walk starts.
    fn enter_cycle(&mut self, cfg: &Cfg, ci: &CycleInfo, c: CycleId, fin: &mut EntitySet<Block>) -> Vec<Block> {
        let header = ci.header(c);
        fin.insert(header);
        self.append(header, ci.is_reducible(c));
        cfg.succs(header).iter().copied().filter(|&s| ci.contains(c, s) && s != header && !fin.contains(s)).collect()
    }

    /// Position of `b` (blocks unreachable from the entry have none).
    pub fn index(&self, b: Block) -> Option<usize> {
        let i = self.index[b];
        (i != u32::MAX).then_some(i as usize)
    }

    /// Block at position `i`.
    pub fn block(&self, i: usize) -> Block {
        self.order[i]
    }

    /// Whether `b` is the header of a reducible cycle.
    pub fn is_reducible_header(&self, b: Block) -> bool {
        self.reducible_headers.contains(b)
    }
}

/// Joins and divergent exits of one divergent branch.
#[derive(Clone, Debug, Default)]
pub struct DivergenceDescriptor {
    /// Blocks reached by disjoint paths from the branch, in discovery order.
    pub join_blocks: Vec<Block>,
    /// Cycle exits reached along a path disjoint from one to the header.
    pub cycle_exits: Vec<Block>,
}

fn push_unique(v: &mut Vec<Block>, b: Block) {
    if !v.contains(&b) {
        v.push(b);
    }
}

/// Single-entry single-exit regions, which label propagation can step
/// over: from a block `b`, straight to its immediate post-dominator `p`,
/// when `b` dominates `p` and neither is in a cycle. Then every block
/// reached from `b` before `p` is dominated by `b` (a path around `b` would
/// go on to `p`, or close a cycle through `b`) and has all its
/// predecessors among those blocks and `b` (one reached only through `p`
/// would close a cycle through `p`), and so has `p`: one label enters
/// through `b`, none joins inside (cycles inside included), and `p` gets
/// that label, from inside only. Without this, each of N nested divergent
/// ifs walks all the ifs inside it: quadratic (as LLVM's propagation is).
pub struct RegionSkips {
    /// For each block, where its label may go directly.
    to: SecondaryMap<Block, PackedOption<Block>>,
}

impl RegionSkips {
    /// Computes them; linear in the function.
    pub fn compute(cfg: &Cfg, ci: &CycleInfo, dt: &DomTree, pdt: &PostDomTree) -> RegionSkips {
        let mut to = SecondaryMap::with_default(PackedOption::NONE);
        for b in cfg.blocks() {
            if ci.cycle_of(b).is_some() || !dt.contains(b) {
                continue;
            }
            let Some(p) = pdt.ipdom(b) else { continue };
            if dt.contains(p) && ci.cycle_of(p).is_none() && dt.strictly_dominates(b, p) {
                to[b] = p.into();
            }
        }
        RegionSkips { to }
    }

    fn skip(&self, b: Block) -> Option<Block> {
        self.to[b].expand()
    }
}

/// Computes the descriptor of the divergent branch ending block `d`
/// (`skips` for the function, or `None` to walk every block).
pub fn join_points(
    cfg: &Cfg,
    ci: &CycleInfo,
    po: &ModifiedPostOrder,
    skips: Option<&RegionSkips>,
    d: Block,
) -> DivergenceDescriptor {
    let mut desc = DivergenceDescriptor::default();
    if cfg.succs(d).len() <= 1 {
        return desc;
    }
    let Some(d_idx) = po.index(d) else { return desc };
    let mut labels: FxHashMap<Block, Block> = FxHashMap::default();
    let mut fresh: BTreeSet<usize> = BTreeSet::new();
    let d_cycle = ci.cycle_of(d);
    // The outermost cycle reachable through an unbroken chain of irreducible
    // ancestors of `d`'s cycle: inside it, propagation cannot stop early.
    let irreducible_ancestor = d_cycle.filter(|&c| !ci.is_reducible(c)).map(|mut c| {
        while let Some(p) = ci.parent(c) {
            if ci.is_reducible(p) {
                break;
            }
            c = p;
        }
        c
    });
    // Returns whether labelling `s` with `label` makes it a join.
    let compute_join =
        |s: Block, label: Block, labels: &mut FxHashMap<Block, Block>, fresh: &mut BTreeSet<usize>| -> bool {
            let old = labels.get(&s).copied();
            if old == Some(label) {
                return false;
            }
            if old != Some(s)
                && let Some(i) = po.index(s)
            {
                fresh.insert(i);
            }
            match old {
                None => {
                    labels.insert(s, label);
                    false
                }
                Some(_) => {
                    labels.insert(s, s);
                    true
                }
            }
        };
    for &s in cfg.succs(d) {
        if let Some(c) = d_cycle
            && !ci.contains(c, s)
        {
            push_unique(&mut desc.cycle_exits, s);
        }
        if compute_join(s, s, &mut labels, &mut fresh) {
            push_unique(&mut desc.join_blocks, s);
        }
    }
    while let Some(&idx) = fresh.last() {
        let block = po.block(idx);
        if fresh.len() == 1 && irreducible_ancestor.is_none_or(|a| !ci.contains(a, block)) {
            break;
        }
        fresh.remove(&idx);
        if idx == d_idx {
            continue;
        }
        let label = labels[&block];
        // Outside cycles (for a branch outside cycles, whose joins need no
        // labels of blocks inside the skipped region afterwards), a region
        // entered at `block` passes its one label to its exit.
        if d_cycle.is_none()
            && let Some(p) = skips.and_then(|s| s.skip(block))
        {
            if compute_join(p, label, &mut labels, &mut fresh) {
                push_unique(&mut desc.join_blocks, p);
            }
            continue;
        }
        if po.is_reducible_header(block) {
            let c = ci.cycle_of(block).expect("header of a cycle");
            let inside = ci.contains(c, d);
            for x in ci.exits(cfg, c) {
                if compute_join(x, label, &mut labels, &mut fresh) {
                    if inside {
                        push_unique(&mut desc.cycle_exits, x);
                    } else {
                        push_unique(&mut desc.join_blocks, x);
                    }
                }
            }
        } else {
            for &s in cfg.succs(block) {
                if compute_join(s, label, &mut labels, &mut fresh) {
                    push_unique(&mut desc.join_blocks, s);
                }
            }
        }
    }
    // Irreducible cycles containing `d`: an exit whose label differs from the
    // header's is divergent (reducible ones were handled while propagating).
    let mut c = d_cycle;
    while let Some(cy) = c {
        if !ci.is_reducible(cy) {
            let header_label = labels.get(&ci.header(cy)).copied();
            for x in ci.exits(cfg, cy) {
                if labels.get(&x).copied() != header_label {
                    push_unique(&mut desc.cycle_exits, x);
                }
            }
        }
        c = ci.parent(cy);
    }
    desc
}

/// `getOutermostDivergentCycle`: the cycle (if any) that a join `j` of the
/// divergent branch in `d` makes divergent as a whole: the "diverged entry"
/// criterion for branches inside an irreducible cycle, and diverged paths
/// entering an irreducible cycle from outside.
pub fn outermost_divergent_cycle(ci: &CycleInfo, dt: &DomTree, d: Block, j: Block) -> Option<CycleId> {
    let cycle = ci.cycle_of(j)?;
    // Ext: expand to the largest cycle containing `j` but not `d`.
    let ext = if ci.contains(cycle, d) {
        None
    } else {
        let mut c = cycle;
        while let Some(p) = ci.parent(c) {
            if ci.contains(p, d) {
                break;
            }
            c = p;
        }
        (!ci.is_reducible(c)).then_some(c)
    };
    // Int: the diverged entry criterion.
    let int = (|| {
        if dt.strictly_dominates(d, j) {
            return None;
        }
        let mut c = Some(cycle);
        while let Some(cy) = c {
            if ci.contains(cy, d) {
                break;
            }
            c = ci.parent(cy);
        }
        let mut c = c?;
        if ci.is_reducible(c) || dt.strictly_dominates(ci.header(c), j) {
            return None;
        }
        while let Some(p) = ci.parent(c) {
            if dt.strictly_dominates(ci.header(p), j) {
                break;
            }
            c = p;
        }
        Some(c)
    })();
    int.or(ext)
}

#[cfg(test)]
mod tests {
    use super::*;
    use opt_conv_ir::analysis::FunctionAnalyses;
    use std::fmt::Write;

    /// A function of `n` blocks with random branches (forward, backward,
    /// to itself: reducible and irreducible cycles, unreachable blocks,
    /// infinite loops), from a linear congruential generator seeded `seed`.
    fn random_cfg(n: usize, seed: u64) -> String {
        let mut x = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let mut next = |k: usize| {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((x >> 33) as usize) % k
        };
        let mut s = String::from("define void @f(i1 %c) {\n");
        for b in 0..n {
            let _ = writeln!(s, "b{b}:");
            // Mostly forward edges, so that there are regions to skip.
            let target = |next: &mut dyn FnMut(usize) -> usize| {
                if next(10) == 0 { next(n) } else { (b + 1 + next(3)).min(n - 1) }
            };
            match next(8) {
                0 if b > 0 => s.push_str("  ret void\n"),
                1 => {
                    let t = target(&mut next);
                    let _ = writeln!(s, "  br label %b{t}");
                }
                _ => {
                    let (t, e) = (target(&mut next), target(&mut next));
                    let _ = writeln!(s, "  br i1 %c, label %b{t}, label %b{e}");
                }
            }
        }
        s.push_str("}\n");
        s
    }

    /// Stepping over regions finds the same joins and divergent exits, in
    /// the same order, as walking every block, for every branch.
    #[test]
    fn region_skips_change_no_descriptor() {
        let mut skipped = 0;
        for seed in 0..3000u64 {
            let n = 3 + (seed as usize % 30);
            let text = random_cfg(n, seed);
            let (m, _) = opt_conv_ir::parse_module("r.ll", &text).unwrap();
            let f = m.body(m.definitions()[0]).unwrap();
            let (cfg, ci, dt, pdt) = (f.cfg(), f.cycles(), f.domtree(), f.postdomtree());
            let po = ModifiedPostOrder::compute(&cfg, &ci);
            let skips = RegionSkips::compute(&cfg, &ci, &dt, &pdt);
            for b in f.layout().blocks() {
                skipped += usize::from(skips.skip(b).is_some());
                let walked = join_points(&cfg, &ci, &po, None, b);
                let stepped = join_points(&cfg, &ci, &po, Some(&skips), b);
                assert_eq!(walked.join_blocks, stepped.join_blocks, "seed {seed}, branch {b}:\n{text}");
                assert_eq!(walked.cycle_exits, stepped.cycle_exits, "seed {seed}, branch {b}:\n{text}");
            }
        }
        // The generator gives regions to step over, not only cycles.
        assert!(skipped > 3000, "only {skipped} skippable blocks");
    }

    /// In nested ifs, the inner if is stepped over: each branch's label
    /// goes from the inner if's head straight to its join.
    #[test]
    fn nested_ifs_are_stepped_over() {
        let text = "define void @f(i1 %c) {\nb0:\n  br i1 %c, label %b1, label %j0\n\
                    b1:\n  br i1 %c, label %b2, label %j1\nb2:\n  br label %j1\n\
                    j1:\n  br label %j0\nj0:\n  ret void\n}\n";
        let (m, _) = opt_conv_ir::parse_module("n.ll", text).unwrap();
        let f = m.body(m.definitions()[0]).unwrap();
        let (cfg, ci, dt, pdt) = (f.cfg(), f.cycles(), f.domtree(), f.postdomtree());
        let skips = RegionSkips::compute(&cfg, &ci, &dt, &pdt);
        let block = |name: &str| f.layout().blocks().find(|&b| f.dfg().block_name(b) == Some(name)).unwrap();
        assert_eq!(skips.skip(block("b1")), Some(block("j1")));
        assert_eq!(skips.skip(block("b0")), Some(block("j0")));
        let po = ModifiedPostOrder::compute(&cfg, &ci);
        let desc = join_points(&cfg, &ci, &po, Some(&skips), block("b0"));
        assert_eq!(desc.join_blocks, [block("j0")]);
    }
}
