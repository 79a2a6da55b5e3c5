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

use opt_conv_ir::analysis::{Cfg, CycleId, CycleInfo, DomTree};
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

/// Computes the descriptor of the divergent branch ending block `d`.
pub fn join_points(cfg: &Cfg, ci: &CycleInfo, po: &ModifiedPostOrder, d: Block) -> DivergenceDescriptor {
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
