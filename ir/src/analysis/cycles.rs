//! Cycle info with LLVM's semantics (`CycleTerminology.rst`): maximal
//! strongly connected regions, nested as a forest, with reducible and
//! irreducible cycles alike.
//!
//! The algorithm is LLVM's `GenericCycleInfoCompute`, so that the header of
//! an irreducible cycle (which depends on the DFS) is the one opt picks:
//!
//! 1. A DFS from the entry, visiting successors in *reverse* order, gives each
//!    block a preorder number and the end of its DFS subtree.
//! 2. Candidate headers are taken in reverse preorder (deepest first, so inner
//!    cycles are found before outer ones). A candidate with a predecessor in
//!    its own DFS subtree heads a new cycle; walking predecessors backwards
//!    within the subtree collects its blocks, adopts already-found cycles as
//!    children, and marks blocks with a predecessor outside the subtree as
//!    additional entries. Unreachable predecessors are ignored.
//!
//! Containment queries are O(1) through preorder intervals of the cycle forest.

use super::cfg::Cfg;
use crate::Block;
use crate::entity::{PackedOption, PrimaryMap, SecondaryMap};
use crate::entity_impl;
use crate::function::{Changes, Function};

entity_impl!(
    /// A cycle of a function.
    CycleId,
    "cycle"
);

/// One cycle.
#[derive(Clone, Debug)]
pub struct Cycle {
    /// Entries; the first is the header.
    pub entries: Vec<Block>,
    /// Enclosing cycle.
    pub parent: Option<CycleId>,
    /// Directly nested cycles, in discovery order.
    pub children: Vec<CycleId>,
    /// Nesting depth; top-level cycles have depth 1.
    pub depth: u32,
    /// All blocks (nested cycles' too) in LLVM 22's order: discovery order,
    /// with a child's blocks appended when the child is adopted.
    blocks: Vec<Block>,
    /// Preorder interval in the cycle forest, for containment tests.
    pre: u32,
    post: u32,
}

/// The cycle forest of a function.
#[derive(Clone, Debug)]
pub struct CycleInfo {
    cycles: PrimaryMap<CycleId, Cycle>,
    innermost: SecondaryMap<Block, PackedOption<CycleId>>,
    top_level: Vec<CycleId>,
    preorder: SecondaryMap<Block, u32>,
}

impl CycleInfo {
    /// What invalidates it.
    pub const DEPS: Changes = Changes::CFG;

    /// Computes the cycles of `f`.
    pub fn compute(f: &Function) -> CycleInfo {
        let cfg = f.cached(Cfg::DEPS, Cfg::compute);
        Self::from_cfg(&cfg)
    }

    /// Computes the cycles of a CFG.
    pub fn from_cfg(cfg: &Cfg) -> CycleInfo {
        Self::from_dfs(cfg, |b, i| cfg.succs(b)[i])
    }

    /// Computes the cycles found by a DFS that visits `b`'s successors in
    /// the order `succ(b, i)` for `i` from the last index down to 0, where
    /// `succ(b, i)` must be a permutation of `b`'s successors (the DFS of
    /// [`CycleInfo::from_cfg`] is `succ(b, i) = cfg.succs(b)[i]`). Reducible
    /// cycles are the same for every order; an irreducible cycle's header
    /// is its entry the DFS reaches first, so other orders give the other
    /// cycle hierarchies of the CFG ("Each cycle hierarchy for the same CFG
    /// results in a different maximal converged-with relation",
    /// ConvergenceAndUniformity.rst, *Maximal Convergence*).
    pub fn from_cfg_with_dfs_order(cfg: &Cfg, succ: &dyn Fn(Block, usize) -> Block) -> CycleInfo {
        Self::from_dfs(cfg, succ)
    }

    fn from_dfs(cfg: &Cfg, succ_at: impl Fn(Block, usize) -> Block) -> CycleInfo {
        let n = cfg.num_block_ids();
        // 1. DFS with successors in reverse order; Start = preorder (from 1),
        //    End = largest preorder in the subtree. 0 means unreachable.
        let mut start: SecondaryMap<Block, u32> = SecondaryMap::with_default(0);
        let mut end: SecondaryMap<Block, u32> = SecondaryMap::with_default(0);
        start.resize(n);
        end.resize(n);
        let mut preorder: Vec<Block> = Vec::with_capacity(cfg.blocks().len());
        if let Some(entry) = cfg.entry() {
            let mut counter = 0u32;
            // (block, next successor index to look at, counting from the back)
            let mut stack: Vec<(Block, usize)> = Vec::new();
            counter += 1;
            start[entry] = counter;
            preorder.push(entry);
            stack.push((entry, cfg.succs(entry).len()));
            while let Some(&mut (b, ref mut i)) = stack.last_mut() {
                if *i > 0 {
                    *i -= 1;
                    let s = succ_at(b, *i);
                    if start[s] == 0 {
                        counter += 1;
                        start[s] = counter;
                        preorder.push(s);
                        stack.push((s, cfg.succs(s).len()));
                    }
                } else {
                    end[b] = counter;
                    stack.pop();
                }
            }
        }
        let is_ancestor =
            |a: Block, b: Block| start[a] != 0 && start[b] != 0 && start[a] <= start[b] && end[b] <= end[a];

        // 2. Cycle discovery.
        let mut cycles: PrimaryMap<CycleId, Cycle> = PrimaryMap::new();
        let mut innermost: SecondaryMap<Block, PackedOption<CycleId>> = SecondaryMap::with_default(PackedOption::NONE);
        let mut worklist: Vec<Block> = Vec::new();
        // LLVM walks predecessors in use-list order, which for parsed code is
        // the reverse of branch order.
        let preds_llvm = |b: Block| cfg.preds(b).iter().rev().copied();
        for &h in preorder.iter().rev() {
            worklist.clear();
            worklist.extend(preds_llvm(h).filter(|&p| is_ancestor(h, p)));
            if worklist.is_empty() {
                continue;
            }
            let c = cycles.push(Cycle {
                entries: vec![h],
                parent: None,
                children: Vec::new(),
                depth: 0,
                blocks: vec![h],
                pre: 0,
                post: 0,
            });
            innermost[h] = c.into();
            while let Some(b) = worklist.pop() {
                if b == h {
                    continue;
                }
                if let Some(inner) = innermost[b].expand() {
                    // The outermost cycle already containing `b` becomes our child.
                    let mut t = inner;
                    while let Some(p) = cycles[t].parent {
                        t = p;
                    }
                    if t != c {
                        cycles[t].parent = Some(c);
                        cycles[c].children.push(t);
                        let child_blocks = cycles[t].blocks.clone();
                        cycles[c].blocks.extend(child_blocks);
                        let entries = cycles[t].entries.clone();
                        for e in entries {
                            process_preds(e, h, c, &mut cycles, &mut worklist, &is_ancestor, &start, &preds_llvm);
                        }
                    }
                } else {
                    innermost[b] = c.into();
                    cycles[c].blocks.push(b);
                    process_preds(b, h, c, &mut cycles, &mut worklist, &is_ancestor, &start, &preds_llvm);
                }
            }
        }
        // Cycles are created in the order LLVM lists top-level ones; a cycle
        // stays top-level unless a later one adopted it.
        let top_level: Vec<CycleId> = cycles.keys().filter(|&c| cycles[c].parent.is_none()).collect();
        // Depths and forest intervals.
        let mut counter = 0u32;
        let mut stack: Vec<(CycleId, bool)> = top_level.iter().rev().map(|&c| (c, false)).collect();
        while let Some((c, done)) = stack.pop() {
            if done {
                cycles[c].post = counter;
                continue;
            }
            counter += 1;
            cycles[c].pre = counter;
            cycles[c].depth = cycles[c].parent.map_or(1, |p| cycles[p].depth + 1);
            stack.push((c, true));
            for &ch in cycles[c].children.iter().rev() {
                stack.push((ch, false));
            }
        }
        CycleInfo { cycles, innermost, top_level, preorder: start }
    }

    /// All cycles, in id order.
    pub fn cycles(&self) -> impl Iterator<Item = CycleId> + '_ {
        self.cycles.keys()
    }

    /// Number of cycles.
    pub fn len(&self) -> usize {
        self.cycles.len()
    }

    /// True if the function has no cycle.
    pub fn is_empty(&self) -> bool {
        self.cycles.is_empty()
    }

    /// Cycle data.
    pub fn cycle(&self, c: CycleId) -> &Cycle {
        &self.cycles[c]
    }

    /// Top-level cycles, in LLVM's order.
    pub fn top_level(&self) -> &[CycleId] {
        &self.top_level
    }

    /// Cycles in forest preorder (parents before children).
    pub fn preorder(&self) -> Vec<CycleId> {
        let mut out = Vec::with_capacity(self.cycles.len());
        let mut stack: Vec<CycleId> = self.top_level.iter().rev().copied().collect();
        while let Some(c) = stack.pop() {
            out.push(c);
            stack.extend(self.cycles[c].children.iter().rev());
        }
        out
    }

    /// The innermost cycle containing `b`.
    #[inline]
    pub fn cycle_of(&self, b: Block) -> Option<CycleId> {
        self.innermost[b].expand()
    }

    /// The header (first entry) of `c`.
    pub fn header(&self, c: CycleId) -> Block {
        self.cycles[c].entries[0]
    }

    /// Entries of `c`, header first.
    pub fn entries(&self, c: CycleId) -> &[Block] {
        &self.cycles[c].entries
    }

    /// Whether `b` is an entry of `c`.
    pub fn is_entry(&self, c: CycleId, b: Block) -> bool {
        self.cycles[c].entries.contains(&b)
    }

    /// Whether `c` has a single entry.
    pub fn is_reducible(&self, c: CycleId) -> bool {
        self.cycles[c].entries.len() == 1
    }

    /// The enclosing cycle.
    pub fn parent(&self, c: CycleId) -> Option<CycleId> {
        self.cycles[c].parent
    }

    /// Depth (1 for top level).
    pub fn depth(&self, c: CycleId) -> u32 {
        self.cycles[c].depth
    }

    /// Nesting depth of block `b` (0 outside every cycle).
    pub fn block_depth(&self, b: Block) -> u32 {
        self.cycle_of(b).map_or(0, |c| self.depth(c))
    }

    /// Whether cycle `outer` contains (or is) cycle `inner`.
    #[inline]
    pub fn contains_cycle(&self, outer: CycleId, inner: CycleId) -> bool {
        let (o, i) = (&self.cycles[outer], &self.cycles[inner]);
        o.pre <= i.pre && i.post <= o.post
    }

    /// Whether `c` contains block `b`.
    #[inline]
    pub fn contains(&self, c: CycleId, b: Block) -> bool {
        self.cycle_of(b).is_some_and(|inner| self.contains_cycle(c, inner))
    }

    /// The outermost cycle containing `b`.
    pub fn top_level_cycle_of(&self, b: Block) -> Option<CycleId> {
        let mut c = self.cycle_of(b)?;
        while let Some(p) = self.parent(c) {
            c = p;
        }
        Some(c)
    }

    /// The smallest cycle containing both `a` and `b`.
    pub fn smallest_common_cycle(&self, a: Option<CycleId>, b: Option<CycleId>) -> Option<CycleId> {
        let (mut a, mut b) = (a?, b?);
        while self.depth(a) > self.depth(b) {
            a = self.parent(a)?;
        }
        while self.depth(b) > self.depth(a) {
            b = self.parent(b)?;
        }
        while a != b {
            a = self.parent(a)?;
            b = self.parent(b)?;
        }
        Some(a)
    }

    /// All blocks of `c` (including nested cycles), header first, in the
    /// order LLVM 22 discovers them.
    pub fn blocks(&self, c: CycleId) -> &[Block] {
        &self.cycles[c].blocks
    }

    /// Blocks of `c` that are in no child cycle.
    pub fn own_blocks(&self, c: CycleId) -> impl Iterator<Item = Block> + '_ {
        self.cycles[c].blocks.iter().copied().filter(move |&b| self.cycle_of(b) == Some(c))
    }

    /// Blocks outside `c` with a predecessor inside, unique, in first-seen order.
    pub fn exits(&self, cfg: &Cfg, c: CycleId) -> Vec<Block> {
        let mut out: Vec<Block> = Vec::new();
        for &b in self.blocks(c) {
            for &s in cfg.succs(b) {
                if !self.contains(c, s) && !out.contains(&s) {
                    out.push(s);
                }
            }
        }
        out
    }

    /// Blocks of `c` with a successor outside it.
    pub fn exiting_blocks(&self, cfg: &Cfg, c: CycleId) -> Vec<Block> {
        self.blocks(c).iter().copied().filter(|&b| cfg.succs(b).iter().any(|&s| !self.contains(c, s))).collect()
    }

    /// For a reducible cycle, the unique predecessor of the header outside it.
    pub fn cycle_predecessor(&self, cfg: &Cfg, c: CycleId) -> Option<Block> {
        if !self.is_reducible(c) {
            return None;
        }
        let mut out = None;
        for &p in cfg.preds(self.header(c)) {
            if self.contains(c, p) {
                continue;
            }
            if out.is_some_and(|o| o != p) {
                return None;
            }
            out = Some(p);
        }
        out
    }

    /// DFS preorder number of `b` from the cycle DFS (0 if unreachable).
    pub fn dfs_preorder(&self, b: Block) -> u32 {
        self.preorder[b]
    }

    /// Checks the forest's invariants (what LLVM's `verify<cycles>` asserts):
    /// cycles are non-empty; entries are unique, in the cycle, and have a
    /// reachable predecessor outside it; no other block has one; the
    /// function's entry is in no cycle; every block of a cycle is reachable
    /// from the header within the cycle and can reach it back; children are
    /// contained in their parents with depth one more; reducible headers
    /// dominate their cycles.
    pub fn validate(&self, cfg: &Cfg) -> Result<(), String> {
        let dt = super::DomTree::from_cfg(cfg);
        for c in self.cycles() {
            let blocks = self.blocks(c).to_vec();
            if blocks.is_empty() {
                return Err(format!("{c}: empty cycle"));
            }
            let entries = self.entries(c);
            for (i, &e) in entries.iter().enumerate() {
                if entries[..i].contains(&e) {
                    return Err(format!("{c}: duplicate entry {e}"));
                }
                if !self.contains(c, e) {
                    return Err(format!("{c}: entry {e} not in the cycle"));
                }
            }
            for &b in &blocks {
                let outside_pred = cfg.preds(b).iter().any(|&p| cfg.is_reachable(p) && !self.contains(c, p));
                if outside_pred != self.is_entry(c, b) && !(b == entries[0] && !outside_pred && Some(b) == cfg.entry())
                {
                    return Err(format!(
                        "{c}: block {b} has outside predecessor = {outside_pred} but entry = {}",
                        self.is_entry(c, b)
                    ));
                }
                if Some(b) == cfg.entry() {
                    return Err(format!("{c}: contains the function entry"));
                }
            }
            // Strong connectivity within the cycle.
            let inside = |x: Block| self.contains(c, x);
            let h = self.header(c);
            let reach = |fwd: bool| {
                let mut seen = crate::entity::EntitySet::new();
                let mut stack = vec![h];
                seen.insert(h);
                while let Some(x) = stack.pop() {
                    let next = if fwd { cfg.succs(x) } else { cfg.preds(x) };
                    for &y in next {
                        if inside(y) && seen.insert(y) {
                            stack.push(y);
                        }
                    }
                }
                seen
            };
            let (fw, bw) = (reach(true), reach(false));
            if let Some(&b) = blocks.iter().find(|&&b| !fw.contains(b) || !bw.contains(b)) {
                return Err(format!("{c}: block {b} is not strongly connected to the header"));
            }
            if let Some(p) = self.parent(c) {
                if !self.contains_cycle(p, c) || self.depth(c) != self.depth(p) + 1 {
                    return Err(format!("{c}: inconsistent nesting under {p}"));
                }
                if !self.cycle(p).children.contains(&c) {
                    return Err(format!("{c}: missing from its parent's children"));
                }
            } else if self.depth(c) != 1 || !self.top_level.contains(&c) {
                return Err(format!("{c}: top-level cycle with depth {}", self.depth(c)));
            }
            if self.is_reducible(c) && blocks.iter().any(|&b| !dt.dominates(h, b)) {
                return Err(format!("{c}: reducible header {h} does not dominate the cycle"));
            }
        }
        for b in cfg.blocks() {
            if let Some(c) = self.cycle_of(b)
                && !self.blocks(c).contains(&b)
            {
                return Err(format!("{b}: innermost cycle {c} does not own it"));
            }
        }
        Ok(())
    }

    /// `depth=D: entries(E ...) B ...` for `c`, with block names from `name`.
    pub fn describe(&self, c: CycleId, name: &dyn Fn(Block) -> String) -> String {
        let mut s = format!("depth={}: entries(", self.depth(c));
        for (i, &e) in self.entries(c).iter().enumerate() {
            if i > 0 {
                s.push(' ');
            }
            s.push_str(&name(e));
        }
        s.push(')');
        for &b in self.blocks(c) {
            if !self.is_entry(c, b) {
                s.push(' ');
                s.push_str(&name(b));
            }
        }
        s
    }
}

#[allow(clippy::too_many_arguments, reason = "a closure in LLVM; kept as one function for clarity")]
fn process_preds<I: Iterator<Item = Block>>(
    b: Block,
    h: Block,
    c: CycleId,
    cycles: &mut PrimaryMap<CycleId, Cycle>,
    worklist: &mut Vec<Block>,
    is_ancestor: &impl Fn(Block, Block) -> bool,
    start: &SecondaryMap<Block, u32>,
    preds: &impl Fn(Block) -> I,
) {
    let mut is_entry = false;
    for p in preds(b) {
        if is_ancestor(h, p) {
            worklist.push(p);
        } else if start[p] == 0 {
            // Unreachable predecessors do not make entries.
        } else {
            is_entry = true;
        }
    }
    if is_entry && !cycles[c].entries.contains(&b) {
        cycles[c].entries.push(b);
    }
}
