//! Successors, predecessors and reverse post-order of a function's blocks.
//!
//! Edge lists keep duplicates (a `switch` with two cases to one block has two
//! edges), as LLVM's do, because phis need one entry per incoming edge.
//! A pass that edits a few blocks' terminators can bring the CFG up to date
//! in time proportional to their edges ([`Cfg::patch`], through
//! [`crate::analysis::FunctionAnalyses::update_cfg`]) instead of recomputing
//! it; the reverse post-order is computed when first asked for.
//! [`Cfg`] implements petgraph's visit traits, so petgraph's algorithms run on
//! it directly without copying the graph.

use crate::entity::{EntityRef, EntitySet, PackedOption, SecondaryMap};
use crate::function::{Changes, Function};
use crate::{Block, Layout};
use smallvec::SmallVec;
use std::sync::OnceLock;

/// Edge lists and orders of a function's CFG.
#[derive(Clone, Debug)]
pub struct Cfg {
    succs: SecondaryMap<Block, SmallVec<[Block; 2]>>,
    preds: SecondaryMap<Block, SmallVec<[Block; 2]>>,
    /// The blocks in layout order, as a linked list: [`Cfg::patch`] adds and
    /// removes blocks in constant time where a vector would move its tail.
    list: BlockList,
    order: OnceLock<Rpo>,
    entry: Option<Block>,
    num_block_ids: usize,
}

/// The reverse post-order and each block's place in it.
#[derive(Clone, Debug)]
struct Rpo {
    rpo: Vec<Block>,
    index: SecondaryMap<Block, u32>,
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
        let mut list = BlockList::with_capacity(n);
        for b in f.layout().blocks() {
            list.push_back(b);
            for &s in f.successors(b) {
                succs[b].push(s);
                if f.layout().is_block_inserted(s) {
                    preds[s].push(b);
                }
            }
        }
        Cfg { succs, preds, list, order: OnceLock::new(), entry: f.entry_block(), num_block_ids: n }
    }

    /// Brings the CFG up to date with `f` after an edit that changed only
    /// the successors of the `touched` blocks (blocks added to or removed
    /// from the layout count as touched, and so does every block whose
    /// terminator now names them). Costs the touched blocks' edges, and
    /// sorting the touched blocks.
    pub fn patch(&mut self, f: &Function, touched: &[Block]) {
        let layout = f.layout();
        let mut touched = touched.to_vec();
        touched.sort_unstable();
        touched.dedup();
        let n = f.dfg().num_blocks();
        if n > self.num_block_ids {
            self.succs.resize(n);
            self.preds.resize(n);
            self.list.resize(n);
            self.num_block_ids = n;
        }
        // Drop the old out-edges of every touched block first, so that an
        // edge between two touched blocks is never counted twice.
        for &b in &touched {
            for s in std::mem::take(&mut self.succs[b]) {
                self.preds[s].retain(|p| *p != b);
            }
        }
        // Every touched block leaves the block list first (it may have been
        // removed or moved); the inserted ones come back in layout order,
        // each after the nearest listed block before it in the layout.
        for &b in &touched {
            self.list.remove(b);
            if !layout.is_block_inserted(b) {
                self.preds[b].clear();
            }
        }
        let mut inserted: Vec<Block> = touched.iter().copied().filter(|&b| layout.is_block_inserted(b)).collect();
        inserted.sort_unstable_by_key(|&a| layout.block_seq(a));
        for &b in &inserted {
            self.list.insert_as_in(layout, b);
        }
        for &b in &inserted {
            for &s in f.successors(b) {
                self.succs[b].push(s);
                if layout.is_block_inserted(s) {
                    // One entry per edge, sources in layout order.
                    let ps = &mut self.preds[s];
                    let at = ps.iter().position(|&p| p != b && layout.block_precedes(b, p)).unwrap_or(ps.len());
                    ps.insert(at, b);
                }
            }
        }
        self.entry = f.entry_block();
        self.order = OnceLock::new();
    }

    /// The reverse post-order, computed on first use.
    fn order(&self) -> &Rpo {
        self.order.get_or_init(|| {
            let mut rpo = match self.entry {
                Some(e) => self.post_order_from(e),
                None => Vec::new(),
            };
            rpo.reverse();
            let mut index = SecondaryMap::with_default(u32::MAX);
            for (i, &b) in rpo.iter().enumerate() {
                index[b] = i as u32;
            }
            Rpo { rpo, index }
        })
    }

    /// Whether `self` and `other` have the same blocks, edges (in order) and
    /// entry: what [`Cfg::patch`] must preserve.
    pub fn same_edges(&self, other: &Cfg) -> bool {
        self.entry == other.entry
            && self.blocks().eq(other.blocks())
            && self.blocks().all(|b| self.succs[b] == other.succs[b] && self.preds[b] == other.preds[b])
    }

    /// Post-order of the blocks reachable from `start`, visiting successors
    /// in order (iterative DFS).
    pub fn post_order_from(&self, start: Block) -> Vec<Block> {
        let mut visited = EntitySet::with_capacity(self.num_block_ids);
        let mut out = Vec::with_capacity(self.list.len);
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
    pub fn blocks(&self) -> CfgBlocks<'_> {
        CfgBlocks { list: &self.list, front: self.list.first, back: self.list.last, left: self.list.len }
    }

    /// The entry block.
    pub fn entry(&self) -> Option<Block> {
        self.entry
    }

    /// Blocks reachable from the entry, in reverse post-order.
    pub fn rpo(&self) -> &[Block] {
        &self.order().rpo
    }

    /// Position of `b` in [`Cfg::rpo`], or `None` if unreachable.
    pub fn rpo_index(&self, b: Block) -> Option<usize> {
        let i = self.order().index[b];
        (i != u32::MAX).then_some(i as usize)
    }

    /// Whether `b` is reachable from the entry.
    pub fn is_reachable(&self, b: Block) -> bool {
        self.order().index[b] != u32::MAX
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
    type NodeIdentifiers = CfgBlocks<'a>;
    fn node_identifiers(self) -> Self::NodeIdentifiers {
        self.blocks()
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
        self.list.len
    }
}

/// A doubly linked list of blocks, linked through side tables.
#[derive(Clone, Debug)]
struct BlockList {
    first: PackedOption<Block>,
    last: PackedOption<Block>,
    next: SecondaryMap<Block, PackedOption<Block>>,
    prev: SecondaryMap<Block, PackedOption<Block>>,
    member: EntitySet<Block>,
    len: usize,
}

impl BlockList {
    fn with_capacity(n: usize) -> Self {
        let mut l = BlockList {
            first: PackedOption::NONE,
            last: PackedOption::NONE,
            next: SecondaryMap::with_capacity(n),
            prev: SecondaryMap::with_capacity(n),
            member: EntitySet::with_capacity(n),
            len: 0,
        };
        l.resize(n);
        l
    }

    fn resize(&mut self, n: usize) {
        self.next.resize(n);
        self.prev.resize(n);
    }

    fn push_back(&mut self, b: Block) {
        self.link_after(self.last.expand(), b);
    }

    /// Links `b` right after `after` (at the front for `None`).
    fn link_after(&mut self, after: Option<Block>, b: Block) {
        let next = match after {
            Some(a) => std::mem::replace(&mut self.next[a], b.into()),
            None => std::mem::replace(&mut self.first, b.into()),
        };
        self.prev[b] = after.into();
        self.next[b] = next;
        match next.expand() {
            Some(n) => self.prev[n] = b.into(),
            None => self.last = b.into(),
        }
        self.member.insert(b);
        self.len += 1;
    }

    /// Inserts `b` at its layout place: after the nearest block before it
    /// in the layout that is listed. Blocks are inserted in layout order, so
    /// the walk passes only blocks not listed yet (none, usually).
    fn insert_as_in(&mut self, layout: &Layout, b: Block) {
        let mut at = layout.prev_block(b);
        while let Some(x) = at.filter(|&x| !self.member.contains(x)) {
            at = layout.prev_block(x);
        }
        self.link_after(at, b);
    }

    fn remove(&mut self, b: Block) {
        if !self.member.remove(b) {
            return;
        }
        let (p, n) = (self.prev[b], self.next[b]);
        match p.expand() {
            Some(p) => self.next[p] = n,
            None => self.first = n,
        }
        match n.expand() {
            Some(n) => self.prev[n] = p,
            None => self.last = p,
        }
        self.len -= 1;
    }
}

/// The blocks of a [`Cfg`] in layout order.
#[derive(Clone, Debug)]
pub struct CfgBlocks<'a> {
    list: &'a BlockList,
    front: PackedOption<Block>,
    back: PackedOption<Block>,
    left: usize,
}

impl Iterator for CfgBlocks<'_> {
    type Item = Block;
    fn next(&mut self) -> Option<Block> {
        if self.left == 0 {
            return None;
        }
        let b = self.front.expand()?;
        self.front = self.list.next[b];
        self.left -= 1;
        Some(b)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl DoubleEndedIterator for CfgBlocks<'_> {
    fn next_back(&mut self) -> Option<Block> {
        if self.left == 0 {
            return None;
        }
        let b = self.back.expand()?;
        self.back = self.list.prev[b];
        self.left -= 1;
        Some(b)
    }
}

impl ExactSizeIterator for CfgBlocks<'_> {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Type;
    use crate::{InstData, InstKind, parse_module};

    /// Patching after each of a sequence of edits (retargeting a branch, a
    /// new block threaded in before another, a block removed, the entry
    /// replaced by a block moved in front of it) gives what recomputing
    /// gives, edge order included.
    #[test]
    fn patching_matches_recomputing() {
        let src = "define void @f(i1 %c) {\nentry:\n  br i1 %c, label %a, label %b\na:\n  br label %j\n\
                   b:\n  br i1 %c, label %j, label %j\nj:\n  ret void\n}\n";
        let (mut m, _) = parse_module("f.ll", src).unwrap();
        let fid = m.func_by_name("f").unwrap();
        let f = m.body_mut(fid).unwrap();
        let block = |f: &Function, n: &str| f.block_by_name(n).unwrap();
        let (entry, a, b, j) = (block(f, "entry"), block(f, "a"), block(f, "b"), block(f, "j"));
        let check = |f: &Function, cfg: &Cfg| assert!(cfg.same_edges(&Cfg::compute(f)), "{cfg:?}");

        // entry -> b becomes entry -> a (two edges into a now).
        let mut cfg = Cfg::compute(f);
        let t = f.terminator(entry).unwrap();
        f.dfg_mut().inst_mut(t).blocks[1] = a;
        cfg.patch(f, &[entry]);
        check(f, &cfg);
        assert_eq!(cfg.preds(a), [entry, entry]);
        assert!(!cfg.is_reachable(b));

        // A new block `n` before `j`, which `a` now goes through.
        let n = f.dfg_mut().make_block(Some("n"));
        f.layout_mut().insert_block_before(n, j);
        let br = f.dfg_mut().make_inst(InstData::new(InstKind::Br, &[], &[j]), Type::VOID);
        f.layout_mut().append_inst(br, n);
        let ta = f.terminator(a).unwrap();
        f.dfg_mut().inst_mut(ta).blocks[0] = n;
        cfg.patch(f, &[a, n]);
        check(f, &cfg);
        assert_eq!(cfg.preds(j), [b, b, n]);

        // `b` (unreachable) goes away.
        let tb = f.terminator(b).unwrap();
        f.layout_mut().remove_inst(tb);
        f.layout_mut().remove_block(b);
        cfg.patch(f, &[b]);
        check(f, &cfg);
        assert_eq!(cfg.preds(j), [n]);

        // The entry goes (`a` is the entry now), and `j` moves before `n`.
        let te = f.terminator(entry).unwrap();
        f.layout_mut().remove_inst(te);
        f.layout_mut().remove_block(entry);
        f.layout_mut().move_block_before(j, n);
        cfg.patch(f, &[entry, j]);
        check(f, &cfg);
        assert_eq!(cfg.entry(), Some(a));
        assert_eq!(cfg.blocks().collect::<Vec<_>>(), [a, j, n]);
        assert_eq!(cfg.blocks().rev().collect::<Vec<_>>(), [n, j, a]);
        assert_eq!(cfg.rpo(), [a, n, j]);
    }
}
