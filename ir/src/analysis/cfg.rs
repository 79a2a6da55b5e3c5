//! Successors, predecessors and reverse post-order of a function's blocks.
//!
//! Edge lists keep duplicates (a `switch` with two cases to one block has two
//! edges), as LLVM's do, because phis need one entry per incoming edge.
//! [`Cfg`] implements petgraph's visit traits, so petgraph's algorithms run on
//! it directly without copying the graph.

use crate::Block;
use crate::entity::{EntityRef, EntitySet, SecondaryMap};
use crate::function::{Changes, Function};
use smallvec::SmallVec;

/// Edge lists and orders of a function's CFG.
#[derive(Clone, Debug)]
pub struct Cfg {
    succs: SecondaryMap<Block, SmallVec<[Block; 2]>>,
    preds: SecondaryMap<Block, SmallVec<[Block; 2]>>,
    blocks: Vec<Block>,
    rpo: Vec<Block>,
    rpo_index: SecondaryMap<Block, u32>,
    entry: Option<Block>,
    num_block_ids: usize,
}

impl Cfg {
    /// What invalidates it.
    pub const DEPS: Changes = Changes::CFG;

    /// Computes the CFG of `f`.
    pub fn compute(f: &Function) -> Cfg {
        let n = f.dfg().num_blocks();
        let mut succs: SecondaryMap<Block, SmallVec<[Block; 2]>> = SecondaryMap::with_capacity(n);
        let mut preds: SecondaryMap<Block, SmallVec<[Block; 2]>> = SecondaryMap::with_capacity(n);
        succs.resize(n);
        preds.resize(n);
        let blocks: Vec<Block> = f.layout().blocks().collect();
        for &b in &blocks {
            for &s in f.successors(b) {
                succs[b].push(s);
                if f.layout().is_block_inserted(s) {
                    preds[s].push(b);
                }
            }
        }
        let entry = f.entry_block();
        let mut cfg = Cfg {
            succs,
            preds,
            blocks,
            rpo: Vec::new(),
            rpo_index: SecondaryMap::with_default(u32::MAX),
            entry,
            num_block_ids: n,
        };
        if let Some(e) = entry {
            cfg.rpo = cfg.post_order_from(e);
            cfg.rpo.reverse();
            for (i, &b) in cfg.rpo.iter().enumerate() {
                cfg.rpo_index[b] = i as u32;
            }
        }
        cfg
    }

    /// Post-order of the blocks reachable from `start`, visiting successors
    /// in order (iterative DFS).
    pub fn post_order_from(&self, start: Block) -> Vec<Block> {
        let mut visited = EntitySet::with_capacity(self.num_block_ids);
        let mut out = Vec::with_capacity(self.blocks.len());
        let mut stack: Vec<(Block, usize)> = vec![(start, 0)];
        visited.insert(start);
        while let Some(&mut (b, ref mut i)) = stack.last_mut() {
            let ss = &self.succs[b];
            if *i < ss.len() {
                let s = ss[*i];
                *i += 1;
                if visited.insert(s) {
                    stack.push((s, 0));
                }
            } else {
                out.push(b);
                stack.pop();
            }
        }
        out
    }

    /// Successors of `b` (with duplicates, in terminator order).
    #[inline]
    pub fn succs(&self, b: Block) -> &[Block] {
        &self.succs[b]
    }

    /// Predecessors of `b` (one per edge, in layout order of the source).
    #[inline]
    pub fn preds(&self, b: Block) -> &[Block] {
        &self.preds[b]
    }

    /// Blocks in layout order.
    pub fn blocks(&self) -> &[Block] {
        &self.blocks
    }

    /// The entry block.
    pub fn entry(&self) -> Option<Block> {
        self.entry
    }

    /// Blocks reachable from the entry, in reverse post-order.
    pub fn rpo(&self) -> &[Block] {
        &self.rpo
    }

    /// Position of `b` in [`Cfg::rpo`], or `None` if unreachable.
    pub fn rpo_index(&self, b: Block) -> Option<usize> {
        let i = self.rpo_index[b];
        (i != u32::MAX).then_some(i as usize)
    }

    /// Whether `b` is reachable from the entry.
    pub fn is_reachable(&self, b: Block) -> bool {
        self.rpo_index[b] != u32::MAX
    }

    /// Upper bound of block ids (for dense side tables).
    pub fn num_block_ids(&self) -> usize {
        self.num_block_ids
    }
}

/// A petgraph visit-map over blocks.
#[derive(Clone, Debug)]
pub struct BlockSet(pub EntitySet<Block>);

impl petgraph::visit::VisitMap<Block> for BlockSet {
    fn visit(&mut self, b: Block) -> bool {
        self.0.insert(b)
    }
    fn is_visited(&self, b: &Block) -> bool {
        self.0.contains(*b)
    }
    fn unvisit(&mut self, b: Block) -> bool {
        self.0.remove(b)
    }
}

impl petgraph::visit::GraphBase for Cfg {
    type NodeId = Block;
    type EdgeId = (Block, Block);
}

impl petgraph::visit::Visitable for Cfg {
    type Map = BlockSet;
    fn visit_map(&self) -> BlockSet {
        BlockSet(EntitySet::with_capacity(self.num_block_ids))
    }
    fn reset_map(&self, map: &mut BlockSet) {
        map.0.clear();
    }
}

impl<'a> petgraph::visit::IntoNeighbors for &'a Cfg {
    type Neighbors = std::iter::Copied<std::slice::Iter<'a, Block>>;
    fn neighbors(self, b: Block) -> Self::Neighbors {
        self.succs[b].iter().copied()
    }
}

impl<'a> petgraph::visit::IntoNeighborsDirected for &'a Cfg {
    type NeighborsDirected = std::iter::Copied<std::slice::Iter<'a, Block>>;
    fn neighbors_directed(self, b: Block, d: petgraph::Direction) -> Self::NeighborsDirected {
        match d {
            petgraph::Direction::Outgoing => self.succs[b].iter().copied(),
            petgraph::Direction::Incoming => self.preds[b].iter().copied(),
        }
    }
}

impl<'a> petgraph::visit::IntoNodeIdentifiers for &'a Cfg {
    type NodeIdentifiers = std::iter::Copied<std::slice::Iter<'a, Block>>;
    fn node_identifiers(self) -> Self::NodeIdentifiers {
        self.blocks.iter().copied()
    }
}

impl petgraph::visit::NodeIndexable for Cfg {
    fn node_bound(&self) -> usize {
        self.num_block_ids
    }
    fn to_index(&self, b: Block) -> usize {
        b.index()
    }
    fn from_index(&self, i: usize) -> Block {
        Block::new(i)
    }
}

impl petgraph::visit::NodeCount for Cfg {
    fn node_count(&self) -> usize {
        self.blocks.len()
    }
}
