//! Natural loops, as loop transforms need them: built from the reducible
//! cycles of the cycle analysis, with their preheader, latch, exiting and
//! exit blocks; the normalization unrolling relies on ([`normalize`]:
//! preheader, dedicated exits, LCSSA phis); trip counts of counted loops
//! ([`trip`]); and cloning of loop bodies ([`clone`]).

pub mod clone;
pub mod normalize;
pub mod trip;

use opt_conv_ir::analysis::{Cfg, CycleId, CycleInfo, FunctionAnalyses};
use opt_conv_ir::layout::Layout;
use opt_conv_ir::{Block, Changes, EntitySet, Function, SecondaryMap};
use std::cmp::Ordering;

/// A natural loop (a reducible cycle).
#[derive(Clone, Debug)]
pub struct Loop {
    /// The cycle it comes from.
    pub cycle: CycleId,
    /// The header (the only entry).
    pub header: Block,
    /// Its blocks, header first, in the function's layout order otherwise.
    pub blocks: Vec<Block>,
    /// The same, as a set.
    pub set: EntitySet<Block>,
    /// Blocks inside with an edge back to the header.
    pub latches: Vec<Block>,
    /// Blocks inside with an edge leaving the loop.
    pub exiting: Vec<Block>,
    /// Blocks outside reached from inside.
    pub exits: Vec<Block>,
    /// The predecessor outside, if it is unique and branches only to the header.
    pub preheader: Option<Block>,
    /// Nesting depth (1 for outermost loops).
    pub depth: u32,
}

impl Loop {
    /// Whether `b` is in the loop.
    pub fn contains(&self, b: Block) -> bool {
        self.set.contains(b)
    }

    /// The single latch, if there is one.
    pub fn latch(&self) -> Option<Block> {
        match self.latches.as_slice() {
            [l] => Some(*l),
            _ => None,
        }
    }

    /// The natural loop of reducible cycle `c` of `f`.
    pub fn of_cycle(f: &Function, cfg: &Cfg, cycles: &CycleInfo, c: CycleId) -> Option<Loop> {
        if !cycles.is_reducible(c) {
            return None;
        }
        let header = cycles.header(c);
        let mut set = EntitySet::new();
        for &b in cycles.blocks(c) {
            set.insert(b);
        }
        // Layout order from the blocks' sequence numbers: linear in the
        // loop, not in the function (a forest has as many loops as blocks).
        let mut blocks: Vec<Block> = cycles.blocks(c).iter().copied().filter(|&b| b != header).collect();
        let layout = f.layout();
        blocks.sort_unstable_by(|&a, &b| layout_order(layout, a, b));
        blocks.insert(0, header);
        let latches: Vec<Block> = cfg.preds(header).iter().copied().filter(|&p| set.contains(p)).collect();
        let (exiting, exits) = exiting_and_exits(cfg, &blocks, &set);
        let outside: Vec<Block> = cfg.preds(header).iter().copied().filter(|&p| !set.contains(p)).collect();
        let preheader = match outside.as_slice() {
            [p] if cfg.succs(*p) == [header] => Some(*p),
            _ => None,
        };
        Some(Loop { cycle: c, header, blocks, set, latches, exiting, exits, preheader, depth: cycles.depth(c) })
    }
}

/// Blocks `a` and `b` (both in the layout) in layout order.
fn layout_order(layout: &Layout, a: Block, b: Block) -> Ordering {
    if a == b {
        Ordering::Equal
    } else if layout.block_precedes(a, b) {
        Ordering::Less
    } else {
        Ordering::Greater
    }
}

/// The natural loops of `f`, innermost first (deeper loops before the
/// loops containing them; ties in the order of their headers in the layout).
pub fn loops_innermost_first(f: &Function) -> Vec<Loop> {
    let (cfg, cycles) = (f.cfg(), f.cycles());
    let mut loops: Vec<Loop> = cycles.cycles().filter_map(|c| Loop::of_cycle(f, &cfg, &cycles, c)).collect();
    let layout = f.layout();
    loops.sort_by(|a, b| b.depth.cmp(&a.depth).then_with(|| layout_order(layout, a.header, b.header)));
    loops
}

/// The loop headed by `h` in `f` as it is now, if `h` heads a reducible
/// cycle; linear in that loop once the function's cycles are known.
pub fn loop_with_header(f: &Function, h: Block) -> Option<Loop> {
    let (cfg, cycles) = (f.cfg(), f.cycles());
    // An inner cycle never holds its parent's header: the innermost cycle
    // holding `h` is the one it heads, if any.
    let c = cycles.cycle_of(h).filter(|&c| cycles.header(c) == h)?;
    Loop::of_cycle(f, &cfg, &cycles, c)
}

/// The loops of a function, innermost first, found by header in constant
/// time. A snapshot of the CFG it was computed from; [`LoopForest::current`]
/// answers for the function as it is now.
pub struct LoopForest {
    loops: Vec<Loop>,
    by_header: SecondaryMap<Block, Option<u32>>,
    /// The CFG epoch of the function when computed.
    cfg_stamp: u64,
    /// How many blocks the function had then: later ones are new.
    known_blocks: usize,
}

impl LoopForest {
    /// The loops of `f`.
    pub fn compute(f: &Function) -> LoopForest {
        let loops = loops_innermost_first(f);
        let mut by_header = SecondaryMap::new();
        for (k, l) in loops.iter().enumerate() {
            by_header[l.header] = Some(k as u32);
        }
        LoopForest { loops, by_header, cfg_stamp: f.stamp(Changes::CFG).0, known_blocks: f.dfg().num_blocks() }
    }

    /// Replaces the snapshot of the loop headed by `l.header` with `l`,
    /// computed since (after an edit that gave it a preheader, so that
    /// [`Self::current`] finds it again by the short walk).
    pub fn update(&mut self, l: Loop) {
        if let Some(k) = self.by_header[l.header] {
            self.loops[k as usize] = l;
        }
    }

    /// The loop headed by `h`, as computed.
    pub fn get(&self, h: Block) -> Option<&Loop> {
        self.by_header[h].map(|k| &self.loops[k as usize])
    }

    /// The loop headed by `h` in `f` as it is now: the snapshot's while
    /// the CFG is unchanged, else that loop alone, computed again (after
    /// a loop transform, recomputing the whole forest for every remaining
    /// loop was quadratic in the number of loops).
    ///
    /// The loop is found from the CFG alone, walking back from the header's
    /// predecessors other than the snapshot's preheader: linear in the loop
    /// (the cycle forest of the whole function, computed again after each
    /// transformed loop, made the unroller quadratic in the function). Its
    /// `cycle` is then the snapshot's: use [`loop_with_header`] to query
    /// analyses of the function as it is now.
    pub fn current(&self, f: &Function, h: Block) -> Option<Loop> {
        let old = self.get(h)?;
        if f.stamp(Changes::CFG).0 == self.cfg_stamp {
            return Some(old.clone());
        }
        old.recompute_since(f, Some(self.known_blocks))
    }

    /// The loops, innermost first.
    pub fn loops(&self) -> &[Loop] {
        &self.loops
    }
}

impl Loop {
    /// This loop (headed by the same block) in `f` as it is now, found
    /// from the CFG alone (see [`LoopForest::current`]).
    pub fn recompute(&self, f: &Function) -> Option<Loop> {
        self.recompute_since(f, None)
    }

    /// [`Self::recompute`]; `known_blocks`, if given, is how many blocks the
    /// function had when `self` was computed, which lets a loop without a
    /// preheader be found by the short walk too. The edits since (loop
    /// normalization, unrolling) add blocks and route existing edges
    /// through them: a block that was there then never gains an edge to
    /// the header, so its predecessors then outside the loop are still
    /// outside. A new predecessor (an inner loop's exit split off before
    /// the header may be a latch) sends it to the full computation.
    fn recompute_since(&self, f: &Function, known_blocks: Option<usize>) -> Option<Loop> {
        let (old, h) = (self, self.header);
        if !f.layout().is_block_inserted(h) {
            return loop_with_header(f, h);
        }
        let cfg = f.cfg();
        let outside: Vec<Block> = match (old.preheader, known_blocks) {
            (Some(pre), _) => {
                let entries = cfg.preds(h).iter().filter(|&&p| p == pre).count();
                if !f.layout().is_block_inserted(pre) || entries != 1 || cfg.succs(pre) != [h] {
                    return loop_with_header(f, h);
                }
                vec![pre]
            }
            (None, Some(known)) if cfg.preds(h).iter().all(|p| opt_conv_ir::EntityRef::index(*p) < known) => {
                let mut outside: Vec<Block> = cfg.preds(h).iter().copied().filter(|&p| !old.contains(p)).collect();
                outside.dedup();
                if outside.is_empty() {
                    return loop_with_header(f, h);
                }
                outside
            }
            (None, _) => return loop_with_header(f, h),
        };
        // Every block reaching a latch without passing the header. Only the
        // blocks `outside` enter from outside, so the header dominates them
        // all (the loop stays reducible).
        let mut set = EntitySet::new();
        set.insert(h);
        let mut stack: Vec<Block> = cfg.preds(h).iter().copied().filter(|p| !outside.contains(p)).collect();
        if stack.is_empty() {
            return None;
        }
        let mut body: Vec<Block> = Vec::new();
        while let Some(b) = stack.pop() {
            if !set.insert(b) {
                continue;
            }
            if outside.contains(&b) || f.entry_block() == Some(b) {
                // Reached from outside otherwise than through the header.
                return loop_with_header(f, h);
            }
            body.push(b);
            stack.extend(cfg.preds(b).iter().copied().filter(|&p| !set.contains(p)));
        }
        let layout = f.layout();
        body.sort_unstable_by(|&a, &b| layout_order(layout, a, b));
        let mut blocks = Vec::with_capacity(body.len() + 1);
        blocks.push(h);
        blocks.extend(body);
        let latches: Vec<Block> = cfg.preds(h).iter().copied().filter(|&p| set.contains(p)).collect();
        let (exiting, exits) = exiting_and_exits(&cfg, &blocks, &set);
        let now = Loop {
            cycle: old.cycle,
            header: h,
            blocks,
            set,
            latches,
            exiting,
            exits,
            preheader: match outside.as_slice() {
                [p] if cfg.succs(*p) == [h] => Some(*p),
                _ => None,
            },
            depth: old.depth,
        };
        // The walk also takes in code no path from the entry reaches that
        // branches into the loop (the unroller refuses such loops); else it
        // finds what the cycle analysis finds.
        #[cfg(debug_assertions)]
        if let Some(full) = loop_with_header(f, h)
            && now.blocks.iter().all(|&b| cfg.is_reachable(b))
        {
            debug_assert!(
                full.blocks == now.blocks && full.preheader == now.preheader && full.exits == now.exits,
                "loop {h} found by the short walk differs from the cycle analysis's"
            );
        }
        Some(now)
    }
}

/// The blocks of `blocks` (the loop, in order) with an edge out of `set`,
/// and the blocks those edges reach, each once, in order of first edge.
fn exiting_and_exits(cfg: &Cfg, blocks: &[Block], set: &EntitySet<Block>) -> (Vec<Block>, Vec<Block>) {
    let mut exiting = Vec::new();
    let mut exits = Vec::new();
    let mut exit_set = EntitySet::new();
    for &b in blocks {
        let mut leaves = false;
        for &s in cfg.succs(b) {
            if !set.contains(s) {
                leaves = true;
                if exit_set.insert(s) {
                    exits.push(s);
                }
            }
        }
        if leaves {
            exiting.push(b);
        }
    }
    (exiting, exits)
}
