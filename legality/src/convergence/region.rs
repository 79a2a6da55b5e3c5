//! Convergence regions.
//!
//! `ConvergentOperations.rst`, "Convergence Regions": the region of a token
//! T defined by D is "the set of program points dominated by D from which a
//! use of T can be reached". A use reached only by passing through D again
//! uses a different dynamic token value, so reachability is taken along paths
//! that avoid D. Any such point is automatically dominated by D (a path from
//! the entry that avoided D would reach the use without D).
//!
//! Representation: the blocks whose end reaches a use (`live_out`), plus for
//! each block the last use in it. A point before instruction `i` of block `B`
//! is in the region iff `B` is live-out (and, in D's own block, `i` comes
//! after D) or a use follows `i` in `B` (after D, in D's block).
//! Computing it is a backward walk from the uses: linear in the region.

use opt_conv_ir::analysis::Cfg;
use opt_conv_ir::{Block, EntitySet, Function, Inst, SecondaryMap};

/// The convergence region of one token.
#[derive(Clone, Debug)]
pub struct Region {
    def: Inst,
    def_block: Block,
    /// Blocks whose end can reach a use without passing the definition.
    live_out: EntitySet<Block>,
    /// Blocks whose start can reach a use without passing the definition.
    live_in: EntitySet<Block>,
    /// The last use in each block that has one.
    last_use: SecondaryMap<Block, Option<Inst>>,
}

impl Region {
    /// Computes the region of the token defined at `def`, used by `uses`.
    pub fn compute(f: &Function, cfg: &Cfg, def: Inst, uses: &[Inst]) -> Region {
        let layout = f.layout();
        let def_block = layout.inst_block(def).expect("token definition in the layout");
        let mut last_use: SecondaryMap<Block, Option<Inst>> = SecondaryMap::new();
        let mut live_in = EntitySet::new();
        let mut live_out = EntitySet::new();
        let mut work: Vec<Block> = Vec::new();
        for &u in uses {
            let Some(ub) = layout.inst_block(u) else { continue };
            let later = match last_use[ub] {
                Some(prev) => layout.inst_precedes(prev, u),
                None => true,
            };
            if later {
                last_use[ub] = Some(u);
            }
            // The start of a use block other than D's reaches the use; in D's
            // block, the start is before D.
            if ub != def_block && live_in.insert(ub) {
                work.push(ub);
            }
        }
        while let Some(b) = work.pop() {
            for &p in cfg.preds(b) {
                if !cfg.is_reachable(p) {
                    continue;
                }
                live_out.insert(p);
                if p != def_block && live_in.insert(p) {
                    work.push(p);
                }
            }
        }
        Region { def, def_block, live_out, live_in, last_use }
    }

    /// The token definition.
    pub fn def(&self) -> Inst {
        self.def
    }

    /// Whether the program point just before `i` is in the region.
    pub fn contains(&self, f: &Function, i: Inst) -> bool {
        let layout = f.layout();
        let Some(b) = layout.inst_block(i) else { return false };
        if b == self.def_block && !layout.inst_precedes(self.def, i) {
            return false;
        }
        if b != self.def_block && !self.live_in.contains(b) {
            return false;
        }
        if self.live_out.contains(b) {
            return true;
        }
        match self.last_use[b] {
            Some(u) => u == i || layout.inst_precedes(i, u),
            None => false,
        }
    }

    /// Whether any point of block `b` is in the region.
    pub fn touches_block(&self, b: Block) -> bool {
        b == self.def_block && (self.live_out.contains(b) || self.last_use[b].is_some()) || self.live_in.contains(b)
    }

    /// Whether the whole of block `b` (every point) is in the region.
    pub fn covers_block(&self, b: Block) -> bool {
        b != self.def_block && self.live_in.contains(b) && self.live_out.contains(b)
    }

    /// Blocks any point of which is in the region, in id order.
    pub fn blocks(&self) -> impl Iterator<Item = Block> + '_ {
        let def_touched = self.touches_block(self.def_block);
        std::iter::once(self.def_block)
            .filter(move |_| def_touched)
            .chain(self.live_in.iter().filter(move |&b| b != self.def_block))
    }
}
