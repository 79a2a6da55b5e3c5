//! Dominator and post-dominator trees.
//!
//! Both are computed with the Semi-NCA algorithm (as LLVM does): a DFS gives
//! preorder numbers, semi-dominators are found in reverse preorder with
//! path-compressed ancestor links, and immediate dominators by walking up the
//! DFS tree to the nearest common ancestor. Cost is O(E log V) in the worst
//! case and near-linear in practice.
//!
//! The post-dominator tree hangs from a virtual exit node whose children are
//! the roots: every block without successors and, for each region that can
//! never reach one (an infinite loop), one block of that region, chosen as
//! the last such block in layout order. Unreachable blocks are in neither
//! tree; as in LLVM, everything dominates an unreachable block and an
//! unreachable block dominates nothing.
//!
//! Dominance queries are O(1) through DFS in/out numbers of the tree.

use super::cfg::Cfg;
use crate::Block;
use crate::entity::{EntityRef, EntitySet, PackedOption, SecondaryMap};
use crate::function::{Changes, Function};

/// A dominator or post-dominator tree.
#[derive(Clone, Debug)]
pub struct DomTree {
    idom: SecondaryMap<Block, PackedOption<Block>>,
    in_tree: EntitySet<Block>,
    children: SecondaryMap<Block, Vec<Block>>,
    /// Children of the virtual root (post-dominators), or the entry.
    roots: Vec<Block>,
    dfs_in: SecondaryMap<Block, u32>,
    dfs_out: SecondaryMap<Block, u32>,
    level: SecondaryMap<Block, u32>,
    post: bool,
}

/// The post-dominator tree of part of a CFG ([`DomTree::post_of_part`]).
#[derive(Clone, Debug)]
pub struct PartPostDomTree {
    /// The part's blocks and their numbers in `tree`.
    local: rustc_hash::FxHashMap<Block, Block>,
    tree: DomTree,
}

impl PartPostDomTree {
    /// Whether `a` post-dominates `b` within the part (reflexive; a block
    /// outside the part is treated as [`DomTree::dominates`] treats one
    /// outside the tree).
    pub fn dominates(&self, a: Block, b: Block) -> bool {
        if a == b {
            return true;
        }
        match (self.local.get(&a), self.local.get(&b)) {
            (_, None) => true,
            (None, Some(_)) => false,
            (Some(&la), Some(&lb)) => self.tree.dominates(la, lb),
        }
    }
}

impl DomTree {
    /// What invalidates it.
    pub const DEPS: Changes = Changes::CFG;

    /// The dominator tree of `f`.
    pub fn compute(f: &Function) -> DomTree {
        let cfg = f.cached(Cfg::DEPS, Cfg::compute);
        Self::from_cfg(&cfg)
    }

    /// The dominator tree of a CFG.
    pub fn from_cfg(cfg: &Cfg) -> DomTree {
        let roots: Vec<Block> = cfg.entry().into_iter().collect();
        build(cfg.num_block_ids(), &roots, false, |b| cfg.succs(b), |b| cfg.preds(b))
    }

    /// The post-dominator tree of `f`.
    pub fn compute_post(f: &Function) -> PostDomTree {
        let cfg = f.cached(Cfg::DEPS, Cfg::compute);
        PostDomTree(Self::post_from_cfg(&cfg))
    }

    /// The post-dominator tree of a CFG.
    pub fn post_from_cfg(cfg: &Cfg) -> DomTree {
        let mut roots: Vec<Block> = cfg.blocks().filter(|&b| cfg.succs(b).is_empty()).collect();
        // Blocks that reach an exit.
        let mut reaches = EntitySet::with_capacity(cfg.num_block_ids());
        let mut stack: Vec<Block> = roots.clone();
        for &r in &roots {
            reaches.insert(r);
        }
        let mark = |stack: &mut Vec<Block>, reaches: &mut EntitySet<Block>| {
            while let Some(b) = stack.pop() {
                for &p in cfg.preds(b) {
                    if reaches.insert(p) {
                        stack.push(p);
                    }
                }
            }
        };
        mark(&mut stack, &mut reaches);
        // Regions that never reach an exit get an extra root each.
        for b in cfg.blocks().rev() {
            if !reaches.contains(b) {
                roots.push(b);
                reaches.insert(b);
                stack.push(b);
                mark(&mut stack, &mut reaches);
            }
        }
        build(cfg.num_block_ids(), &roots, true, |b| cfg.preds(b), |b| cfg.succs(b))
    }

    /// The post-dominator tree of a part of a CFG: the `blocks` and the
    /// edges between them that `keep` accepts. A block with an edge left out
    /// (to a block outside, or one `keep` refuses) or without successors is
    /// a root, as if the edge went to the virtual exit; a region that can
    /// reach no root gets one as in [`DomTree::post_from_cfg`], the last of
    /// `blocks` first. (The body of one iteration of a cycle is such a part:
    /// its blocks without the edges back to its entries.) Built and sized
    /// by the part alone, so that a tree per cycle of a huge function costs
    /// what the cycles hold.
    pub fn post_of_part(cfg: &Cfg, blocks: &[Block], keep: impl Fn(Block, Block) -> bool) -> PartPostDomTree {
        // The part's blocks renumbered 0.., in the order given.
        let mut local: rustc_hash::FxHashMap<Block, Block> = rustc_hash::FxHashMap::default();
        for &b in blocks {
            let next = Block::new(local.len());
            local.entry(b).or_insert(next);
        }
        let n = local.len();
        let mut succs: Vec<Vec<Block>> = vec![Vec::new(); n];
        let mut preds: Vec<Vec<Block>> = vec![Vec::new(); n];
        let mut roots: Vec<Block> = Vec::new();
        for (k, &b) in blocks.iter().enumerate() {
            if local[&b].index() != k {
                continue;
            }
            let mut left_out = cfg.succs(b).is_empty();
            for &s in cfg.succs(b) {
                match local.get(&s) {
                    Some(&ls) if keep(b, s) => {
                        succs[k].push(ls);
                        preds[ls.index()].push(Block::new(k));
                    }
                    _ => left_out = true,
                }
            }
            if left_out {
                roots.push(Block::new(k));
            }
        }
        let mut reaches = vec![false; n];
        let mut stack: Vec<Block> = roots.clone();
        for r in &roots {
            reaches[r.index()] = true;
        }
        let mark = |stack: &mut Vec<Block>, reaches: &mut Vec<bool>| {
            while let Some(b) = stack.pop() {
                for &p in &preds[b.index()] {
                    if !std::mem::replace(&mut reaches[p.index()], true) {
                        stack.push(p);
                    }
                }
            }
        };
        mark(&mut stack, &mut reaches);
        for k in (0..n).rev() {
            if !reaches[k] {
                roots.push(Block::new(k));
                reaches[k] = true;
                stack.push(Block::new(k));
                mark(&mut stack, &mut reaches);
            }
        }
        let tree = build(n, &roots, true, |b| preds[b.index()].as_slice(), |b| succs[b.index()].as_slice());
        PartPostDomTree { local, tree }
    }

    /// Whether this is a post-dominator tree.
    pub fn is_post(&self) -> bool {
        self.post
    }

    /// The immediate dominator of `b` (`None` for roots and unreachable blocks).
    pub fn idom(&self, b: Block) -> Option<Block> {
        self.idom[b].expand()
    }

    /// Whether `b` is in the tree (reachable; for post-dominators: every block in the layout).
    pub fn contains(&self, b: Block) -> bool {
        self.in_tree.contains(b)
    }

    /// Whether `a` dominates `b` (reflexive).
    #[inline]
    pub fn dominates(&self, a: Block, b: Block) -> bool {
        if a == b || !self.in_tree.contains(b) {
            return true;
        }
        if !self.in_tree.contains(a) {
            return false;
        }
        self.dfs_in[a] <= self.dfs_in[b] && self.dfs_out[b] <= self.dfs_out[a]
    }

    /// Whether `a` strictly dominates `b`.
    pub fn strictly_dominates(&self, a: Block, b: Block) -> bool {
        a != b && self.dominates(a, b)
    }

    /// Children of `b` in the tree, in DFS preorder of the CFG walk.
    pub fn children(&self, b: Block) -> &[Block] {
        &self.children[b]
    }

    /// Roots: the entry, or the children of the virtual exit.
    pub fn roots(&self) -> &[Block] {
        &self.roots
    }

    /// Depth of `b` (roots are at 0 for dominators, 1 under the virtual exit).
    pub fn level(&self, b: Block) -> u32 {
        self.level[b]
    }

    /// Nearest common dominator of `a` and `b` (`None` if they are in
    /// different trees under the virtual exit).
    pub fn nearest_common_dominator(&self, mut a: Block, mut b: Block) -> Option<Block> {
        if !self.in_tree.contains(a) {
            return Some(b);
        }
        if !self.in_tree.contains(b) {
            return Some(a);
        }
        while !self.dominates(a, b) {
            a = self.idom(a)?;
        }
        let _ = &mut b;
        Some(a)
    }

    /// Blocks in tree preorder (children in order).
    pub fn preorder(&self) -> Vec<Block> {
        let mut out = Vec::new();
        let mut stack: Vec<Block> = self.roots.iter().rev().copied().collect();
        while let Some(b) = stack.pop() {
            out.push(b);
            stack.extend(self.children[b].iter().rev());
        }
        out
    }
}

/// A post-dominator tree (a [`DomTree`] over the reversed CFG).
#[derive(Clone, Debug)]
pub struct PostDomTree(pub DomTree);

impl PostDomTree {
    /// What invalidates it.
    pub const DEPS: Changes = Changes::CFG;

    /// Computes it for `f`.
    pub fn compute(f: &Function) -> PostDomTree {
        DomTree::compute_post(f)
    }

    /// Whether `a` post-dominates `b`.
    pub fn post_dominates(&self, a: Block, b: Block) -> bool {
        self.0.dominates(a, b)
    }

    /// Immediate post-dominator (`None` under the virtual exit).
    pub fn ipdom(&self, b: Block) -> Option<Block> {
        self.0.idom(b)
    }
}

impl std::ops::Deref for PostDomTree {
    type Target = DomTree;
    fn deref(&self) -> &DomTree {
        &self.0
    }
}

/// Semi-NCA over the graph given by `succ` (walked) and `pred` (for
/// semi-dominators). With `virtual_root`, preorder index 0 is a virtual node
/// whose successors are `roots`.
fn build<'g>(
    n_ids: usize,
    roots: &[Block],
    virtual_root: bool,
    succ: impl Fn(Block) -> &'g [Block],
    pred: impl Fn(Block) -> &'g [Block],
) -> DomTree {
    const NONE: u32 = u32::MAX;
    // Preorder numbering. With a virtual root, index 0 is that root.
    let mut num: SecondaryMap<Block, u32> = SecondaryMap::with_default(NONE);
    num.resize(n_ids);
    let mut vertex: Vec<Option<Block>> = Vec::with_capacity(n_ids + 1);
    let mut parent: Vec<u32> = Vec::with_capacity(n_ids + 1);
    if virtual_root {
        vertex.push(None);
        parent.push(NONE);
    }
    let mut stack: Vec<(Block, u32)> = Vec::new();
    let root_parent = if virtual_root { 0 } else { NONE };
    for &r in roots {
        if num[r] != NONE {
            continue;
        }
        stack.push((r, root_parent));
        while let Some((b, p)) = stack.pop() {
            if num[b] != NONE {
                continue;
            }
            num[b] = vertex.len() as u32;
            vertex.push(Some(b));
            parent.push(p);
            let me = num[b];
            for &s in succ(b).iter().rev() {
                if num[s] == NONE {
                    stack.push((s, me));
                }
            }
        }
    }
    let n = vertex.len();
    // Which vertices hang from the virtual root (a lookup per vertex in
    // `roots` would cost vertices times roots).
    let mut is_root = vec![false; n];
    if virtual_root {
        for &r in roots {
            is_root[num[r] as usize] = true;
        }
    }
    let mut semi: Vec<u32> = (0..n as u32).collect();
    let mut label: Vec<u32> = (0..n as u32).collect();
    let mut ancestor: Vec<u32> = vec![NONE; n];
    let first = if virtual_root { 1 } else { 1.min(n) };
    let mut path: Vec<u32> = Vec::new();
    for w in (first..n).rev() {
        let wb = vertex[w].expect("real block");
        let mut preds_iter: Vec<u32> = pred(wb).iter().map(|&p| num[p]).filter(|&i| i != NONE).collect();
        if virtual_root && is_root[w] {
            preds_iter.push(0);
        }
        for v in preds_iter {
            let u = eval(v, &mut ancestor, &mut label, &semi, &mut path);
            if semi[u as usize] < semi[w] {
                semi[w] = semi[u as usize];
            }
        }
        ancestor[w] = parent[w];
    }
    // NCA step: walk up from the DFS parent until below the semi-dominator.
    let mut idom_i: Vec<u32> = vec![NONE; n];
    for w in first..n {
        let mut d = parent[w];
        while d != NONE && d > semi[w] {
            d = idom_i[d as usize];
        }
        idom_i[w] = d;
    }
    // Build the tree.
    let mut idom = SecondaryMap::with_default(PackedOption::NONE);
    let mut in_tree = EntitySet::with_capacity(n_ids);
    let mut children: SecondaryMap<Block, Vec<Block>> = SecondaryMap::new();
    let mut top: Vec<Block> = Vec::new();
    for w in 0..n {
        let Some(b) = vertex[w] else { continue };
        in_tree.insert(b);
        let d = idom_i[w];
        match if d == NONE { None } else { vertex[d as usize] } {
            Some(db) => {
                idom[b] = db.into();
                children[db].push(b);
            }
            None => top.push(b),
        }
    }
    let mut tree = DomTree {
        idom,
        in_tree,
        children,
        roots: top,
        dfs_in: SecondaryMap::new(),
        dfs_out: SecondaryMap::new(),
        level: SecondaryMap::new(),
        post: virtual_root,
    };
    // DFS numbers and levels over the tree.
    let mut counter = 0u32;
    let base_level = u32::from(virtual_root);
    let mut st: Vec<(Block, bool)> = tree.roots.iter().rev().map(|&r| (r, false)).collect();
    for &r in &tree.roots {
        tree.level[r] = base_level;
    }
    while let Some((b, done)) = st.pop() {
        if done {
            tree.dfs_out[b] = counter;
            counter += 1;
            continue;
        }
        tree.dfs_in[b] = counter;
        counter += 1;
        st.push((b, true));
        let lvl = tree.level[b] + 1;
        for i in (0..tree.children[b].len()).rev() {
            let c = tree.children[b][i];
            tree.level[c] = lvl;
            st.push((c, false));
        }
    }
    tree
}

/// Link-eval `eval` with iterative path compression.
fn eval(v: u32, ancestor: &mut [u32], label: &mut [u32], semi: &[u32], path: &mut Vec<u32>) -> u32 {
    const NONE: u32 = u32::MAX;
    if ancestor[v as usize] == NONE {
        return v;
    }
    // Collect the path to the last vertex whose ancestor is linked.
    path.clear();
    let mut x = v;
    while ancestor[x as usize] != NONE && ancestor[ancestor[x as usize] as usize] != NONE {
        path.push(x);
        x = ancestor[x as usize];
    }
    // Compress from the top down.
    while let Some(y) = path.pop() {
        let a = ancestor[y as usize];
        if semi[label[a as usize] as usize] < semi[label[y as usize] as usize] {
            label[y as usize] = label[a as usize];
        }
        ancestor[y as usize] = ancestor[a as usize];
    }
    label[v as usize]
}

/// Dominance frontier of every block (Cytron et al., walking up from each
/// join's predecessors), in layout order per block.
pub fn dominance_frontiers(cfg: &Cfg, dt: &DomTree) -> SecondaryMap<Block, Vec<Block>> {
    let mut df: SecondaryMap<Block, Vec<Block>> = SecondaryMap::new();
    for b in cfg.blocks() {
        if !cfg.is_reachable(b) {
            continue;
        }
        let preds = cfg.preds(b);
        if preds.len() < 2 {
            continue;
        }
        let Some(stop) = dt.idom(b) else { continue };
        for &p in preds {
            let mut runner = p;
            while runner != stop && cfg.is_reachable(runner) {
                if !df[runner].contains(&b) {
                    df[runner].push(b);
                }
                match dt.idom(runner) {
                    Some(r) => runner = r,
                    None => break,
                }
            }
        }
    }
    df
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parser::parse_module;

    /// A part holding the whole function, with every edge, has the
    /// function's post-dominance; cutting the back edge of a loop makes the
    /// latch a root, so the header no longer post-dominates what follows it.
    #[test]
    fn a_part_is_post_dominance_of_that_subgraph() {
        let src = "define void @f(i1 %c) {\nentry:\n  br label %h\nh:\n  br i1 %c, label %a, label %b\n\
                   a:\n  br label %l\nb:\n  br i1 %c, label %l, label %x\nl:\n  br i1 %c, label %h, label %x\n\
                   x:\n  ret void\n}\n";
        let (m, _) = parse_module("f.ll", src).expect("parses");
        let f = m.body(m.func_by_name("f").expect("f")).expect("body");
        let cfg = Cfg::compute(f);
        let blocks: Vec<Block> = cfg.blocks().collect();
        let whole = DomTree::post_from_cfg(&cfg);
        let part = DomTree::post_of_part(&cfg, &blocks, |_, _| true);
        for &a in &blocks {
            for &b in &blocks {
                assert_eq!(part.dominates(a, b), whole.dominates(a, b), "{a:?} {b:?}");
            }
        }
        let name = |n: &str| f.block_by_name(n).expect("block");
        let (h, a, b, l) = (name("h"), name("a"), name("b"), name("l"));
        let iteration: Vec<Block> = [h, a, b, l].into();
        let t = DomTree::post_of_part(&cfg, &iteration, |_, s| s != h);
        assert!(t.dominates(l, a) && !t.dominates(l, b) && !t.dominates(h, a));
        // Outside the part, as outside a tree: post-dominated by all, post-dominating none.
        assert!(t.dominates(h, name("entry")) && !t.dominates(name("entry"), h));
    }
}
