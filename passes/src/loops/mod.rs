//! Natural loops, as loop transforms need them: built from the reducible
//! cycles of the cycle analysis, with their preheader, latch, exiting and
//! exit blocks; the normalization unrolling relies on ([`normalize`]:
//! preheader, dedicated exits, LCSSA phis); trip counts of counted loops
//! ([`trip`]); and cloning of loop bodies ([`clone`]).

pub mod clone;
pub mod normalize;
pub mod trip;

use opt_conv_ir::analysis::{Cfg, CycleId, CycleInfo, FunctionAnalyses};
use opt_conv_ir::{Block, EntitySet, Function, SecondaryMap};

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
        let mut blocks = vec![header];
        blocks.extend(f.layout().blocks().filter(|&b| b != header && set.contains(b)));
        let latches: Vec<Block> = cfg.preds(header).iter().copied().filter(|&p| set.contains(p)).collect();
        let mut exiting = Vec::new();
        let mut exits = Vec::new();
        for &b in &blocks {
            let mut leaves = false;
            for &s in cfg.succs(b) {
                if !set.contains(s) {
                    leaves = true;
                    if !exits.contains(&s) {
                        exits.push(s);
                    }
                }
            }
            if leaves {
                exiting.push(b);
            }
        }
        let outside: Vec<Block> = cfg.preds(header).iter().copied().filter(|&p| !set.contains(p)).collect();
        let preheader = match outside.as_slice() {
            [p] if cfg.succs(*p) == [header] => Some(*p),
            _ => None,
        };
        Some(Loop { cycle: c, header, blocks, set, latches, exiting, exits, preheader, depth: cycles.depth(c) })
    }
}

/// The natural loops of `f`, innermost first (deeper loops before the
/// loops containing them; ties in the order of their headers in the layout).
pub fn loops_innermost_first(f: &Function) -> Vec<Loop> {
    let (cfg, cycles) = (f.cfg(), f.cycles());
    let mut loops: Vec<Loop> = cycles.cycles().filter_map(|c| Loop::of_cycle(f, &cfg, &cycles, c)).collect();
    let order: Vec<Block> = f.layout().blocks().collect();
    loops.sort_by_key(|l| (std::cmp::Reverse(l.depth), order.iter().position(|&b| b == l.header)));
    loops
}

/// The loops of a function, innermost first, found by header in constant
/// time. A snapshot: recompute it after changing the CFG.
pub struct LoopForest {
    loops: Vec<Loop>,
    by_header: SecondaryMap<Block, Option<u32>>,
}

impl LoopForest {
    /// The loops of `f`.
    pub fn compute(f: &Function) -> LoopForest {
        let loops = loops_innermost_first(f);
        let mut by_header = SecondaryMap::new();
        for (k, l) in loops.iter().enumerate() {
            by_header[l.header] = Some(k as u32);
        }
        LoopForest { loops, by_header }
    }

    /// The loop headed by `h`.
    pub fn get(&self, h: Block) -> Option<&Loop> {
        self.by_header[h].map(|k| &self.loops[k as usize])
    }

    /// The loops, innermost first.
    pub fn loops(&self) -> &[Loop] {
        &self.loops
    }
}
