//! Moving and merging instructions (sinking, hoisting).
//!
//! `ConvergentOperations.rst`, "Hoisting and sinking": moving a convergent
//! operation to another point generally changes the set of threads that
//! reach it, and with it the set that communicates. It is allowed when every
//! branch crossed is uniform; anchors may move with all the users of their
//! token, and may be hoisted or merged in acyclic control flow; operations
//! controlled by the entry token or a heart never cross a divergent branch;
//! uncontrolled operations keep their control dependences.

use super::uniform::Span;
use super::{InsertPoint, Obligation, Oracle, Refusal, Rule, Verdict};
use crate::convergence::{ConvOp, TokenKind};
use opt_conv_ir::analysis::{CycleId, DomTree, PartPostDomTree};
use opt_conv_ir::{Block, EntitySet, Function, Inst};
use std::sync::Arc;

impl Oracle<'_> {
    pub(super) fn check_move(&self, f: &Function, insts: &[Inst], to: InsertPoint) -> Verdict {
        let mut obligations = Vec::new();
        for &i in insts {
            match self.check_one_move(f, i, insts, to) {
                Ok(Some(o)) => obligations.push(o),
                Ok(None) => {}
                Err(r) => return Verdict::Refused(r),
            }
        }
        if let Some(r) = self.check_structure(f, insts, to) {
            return Verdict::Refused(r);
        }
        Verdict::Legal(obligations)
    }

    /// One member of a move; `group` is everything that moves with it.
    fn check_one_move(
        &self,
        f: &Function,
        i: Inst,
        group: &[Inst],
        to: InsertPoint,
    ) -> Result<Option<Obligation>, Refusal> {
        let op = self.conv.op(i);
        if op == ConvOp::None {
            return Ok(None);
        }
        let (from, dest) = (self.block(f, i), self.point_block(f, to));
        if let ConvOp::Intrinsic { kind: kind @ (TokenKind::Entry | TokenKind::Loop), .. } = op {
            return Err(Refusal::new(
                Rule::TokenPlacement,
                format!(
                    "{} is the {} intrinsic, which stays where it is ({})",
                    self.inst_name(f, i),
                    if kind == TokenKind::Entry { "entry" } else { "loop" },
                    if kind == TokenKind::Entry { "first in the entry block" } else { "first in its loop header" }
                ),
            ));
        }
        let anchor_group = self.moving_anchor(i, group);
        if from != dest && self.cycles.cycle_of(from) != self.cycles.cycle_of(dest) {
            let rule = if anchor_group.is_some() { Rule::AnchorCycle } else { Rule::CycleBoundary };
            return Err(Refusal::new(
                rule,
                format!(
                    "moving {} from {} to {} would take it {} a cycle, changing how many dynamic instances it has",
                    self.inst_name(f, i),
                    self.block_name(f, from),
                    self.block_name(f, dest),
                    if self.cycles.block_depth(dest) > self.cycles.block_depth(from) { "into" } else { "out of" }
                ),
            ));
        }
        // What the move crosses that can split a group of threads: divergent
        // branches, or an instruction after which a thread may stop.
        let divergent = self.divergent_branches_between(f, from, dest);
        let ender = if self.inst_dominates_point(f, i, to) {
            self.thread_ender_between(f, Span::After(i), Span::At(to), group)
        } else if self.point_dominates_inst(f, to, i) {
            self.thread_ender_between(f, Span::At(to), Span::At(InsertPoint::Before(i)), group)
        } else {
            // Neither end is on every path to the other: both are reached
            // from their nearest common dominator.
            let top = self.dt.nearest_common_dominator(from, dest).map(|n| Span::At(InsertPoint::BlockStart(n)));
            top.and_then(|t| {
                self.thread_ender_between(f, t, Span::At(InsertPoint::Before(i)), group)
                    .or_else(|| self.thread_ender_between(f, t, Span::At(to), group))
            })
        };
        if divergent.is_empty()
            && ender.is_none()
            && let Some(r) = self.anchor_group_split(f, i, group, from, dest)
        {
            return Err(r);
        }
        let crossed = match (divergent.is_empty(), ender) {
            (true, None) => {
                // Every branch crossed is uniform and every thread that
                // reaches one end reaches the other: each group of converged
                // threads reaches both points or neither.
                return Ok(None);
            }
            (false, _) => format!("the divergent branch of {}", self.block_list(f, &divergent)),
            (true, Some(e)) => self.ender_text(f, e),
        };
        let branches = crossed.as_str();
        // Crossing only a thread-ending instruction is refused under its own rule.
        let rule = |r: Rule| if divergent.is_empty() { Rule::ThreadEnding } else { r };
        match op {
            ConvOp::Intrinsic { kind: TokenKind::Anchor, .. } => {
                // The anchor's threads are implementation-defined; moving it
                // with (or above) all its users is part of the implementation.
                // Users left behind must still follow it.
                let left: Vec<Inst> = self
                    .conv
                    .uses_of(i)
                    .iter()
                    .copied()
                    .filter(|u| !group.contains(u) && !self.point_dominates_inst(f, to, *u))
                    .collect();
                if !left.is_empty() {
                    return Err(Refusal::new(
                        rule(Rule::PartialAnchorMove),
                        format!(
                            "moving anchor {} to {} without the users of its token {} would split them at {branches}",
                            self.inst_name(f, i),
                            self.block_name(f, dest),
                            self.inst_list(f, &left)
                        ),
                    ));
                }
                if group.len() > 1 { Ok(Some(Obligation::MoveTogether(group.to_vec()))) } else { Ok(None) }
            }
            ConvOp::Controlled { token } if group.contains(&token) => Ok(None),
            ConvOp::Controlled { token } => {
                let name = self.inst_name(f, i);
                let tok = self.inst_name(f, token);
                match self.conv.def_kind(token) {
                    Some(TokenKind::Anchor) => {
                        let others: Vec<Inst> = self.conv.uses_of(token).iter().copied().filter(|&u| u != i).collect();
                        let others = if others.is_empty() {
                            String::new()
                        } else {
                            format!(" and the other users of its token ({})", self.inst_list(f, &others))
                        };
                        Err(Refusal::new(
                            rule(Rule::PartialAnchorMove),
                            format!(
                                "moving {name} to {} without its anchor {tok}{others} would let threads separated \
                                 by {branches} communicate at one point but not the other",
                                self.block_name(f, dest)
                            ),
                        ))
                    }
                    kind => Err(Refusal::new(
                        rule(Rule::EntryOrHeartToken),
                        format!(
                            "{name} is controlled by the {} token {tok}; moving it to {} crosses {branches}",
                            if kind == Some(TokenKind::Entry) { "entry" } else { "loop" },
                            self.block_name(f, dest)
                        ),
                    )),
                }
            }
            _ => {
                if ender.is_none() && self.control_equivalent(from, dest) {
                    return Ok(None);
                }
                Err(Refusal::new(
                    rule(Rule::UncontrolledControlDependence),
                    format!(
                        "{} is an uncontrolled convergent operation; moving it to {} changes its control dependences \
                         (it crosses {branches})",
                        self.inst_name(f, i),
                        self.block_name(f, dest)
                    ),
                ))
            }
        }
    }

    /// A move of `i` (controlled by a token rooted in an anchor that stays)
    /// across branches uniform in every iteration but free to go different
    /// ways in different iterations of a cycle around the anchor: one group
    /// of the anchor may hold threads of several iterations ("Anchors may
    /// group iterations" in RULES.md), so such a branch splits it. Sinking
    /// `i` alone leaves it a subset of its group, which the implementation
    /// could have chosen; but with another user of the token staying put,
    /// the two would no longer be executed by the same threads, and
    /// hoisting makes threads that never reached `i` join its group.
    fn anchor_group_split(&self, f: &Function, i: Inst, group: &[Inst], from: Block, dest: Block) -> Option<Refusal> {
        let ConvOp::Controlled { token } = self.conv.op(i) else { return None };
        let anchor = self.conv.anchor_root(token)?;
        if group.contains(&token) || group.contains(&anchor) {
            return None;
        }
        let partner = self.conv.uses_of(token).iter().any(|u| !group.contains(u));
        let up = from != dest && self.dt.dominates(dest, from);
        if !partner && !up {
            return None;
        }
        let x = self.branches_between(from, dest).into_iter().find(|&x| self.varies_across_iterations(f, x, anchor))?;
        Some(Refusal::new(
            Rule::DivergentBranch,
            format!(
                "moving {} to {} crosses the branch of {}, which can go different ways in different iterations of a \
                 cycle around the anchor {}, whose groups may hold threads of several iterations",
                self.inst_name(f, i),
                self.block_name(f, dest),
                self.block_name(f, x),
                self.inst_name(f, anchor)
            ),
        ))
    }

    /// The anchor that `i` moves together with: `i` itself if it is an anchor
    /// in the group, or the anchor controlling `i` if that is in the group.
    fn moving_anchor(&self, i: Inst, group: &[Inst]) -> Option<Inst> {
        match self.conv.op(i) {
            ConvOp::Intrinsic { kind: TokenKind::Anchor, .. } => Some(i),
            ConvOp::Controlled { token } if group.contains(&token) => Some(token),
            _ => None,
        }
    }

    pub(super) fn check_merge(&self, f: &Function, a: Inst, b: Inst, to: InsertPoint) -> Verdict {
        let (oa, ob) = (self.conv.op(a), self.conv.op(b));
        if oa == ConvOp::None && ob == ConvOp::None {
            return match self.check_structure(f, &[a], to) {
                Some(r) => Verdict::Refused(r),
                None => Verdict::legal(),
            };
        }
        let dest = self.point_block(f, to);
        let (ba, bb) = (self.block(f, a), self.block(f, b));
        let names = format!("{} and {}", self.inst_name(f, a), self.inst_name(f, b));
        let both_anchors =
            self.conv.def_kind(a) == Some(TokenKind::Anchor) && self.conv.def_kind(b) == Some(TokenKind::Anchor);
        if !both_anchors {
            if matches!(oa, ConvOp::Intrinsic { .. }) || matches!(ob, ConvOp::Intrinsic { .. }) {
                return Verdict::Refused(Refusal::new(
                    Rule::TokenPlacement,
                    format!("{names}: only anchors can be merged among the token intrinsics"),
                ));
            }
            if self.conv.token_of(a) != self.conv.token_of(b) || (oa == ConvOp::None) != (ob == ConvOp::None) {
                return Verdict::Refused(Refusal::new(
                    Rule::TokenDominance,
                    format!(
                        "{names} are not controlled by the same token; one token would not dominate the merged use"
                    ),
                ));
            }
        }
        let cycle = self.cycles.cycle_of(dest);
        if self.cycles.cycle_of(ba) != cycle || self.cycles.cycle_of(bb) != cycle {
            let rule = if both_anchors { Rule::AnchorCycle } else { Rule::CycleBoundary };
            return Verdict::Refused(Refusal::new(
                rule,
                format!("merging {names} into {} would move them across a cycle boundary", self.block_name(f, dest)),
            ));
        }
        // One block: no branch lies between the two or the point, so the
        // same threads execute all three (a block's own terminator comes
        // after its instructions and decides nothing about them).
        let one_block = ba == dest && bb == dest;
        let dominated = self.dt.dominates(dest, ba) && self.dt.dominates(dest, bb);
        // An operation already in the destination block adds no branch of
        // its own: only those deciding whether the other one is reached
        // count (the destination's terminator among them if it decides).
        let below: Vec<Block> = [ba, bb].into_iter().filter(|&x| x != dest).collect();
        let divergent = if one_block {
            Vec::new()
        } else if dominated {
            self.deciding_divergent_branches(f, dest, &below, dest)
        } else {
            let mut d = self.divergent_branches_between(f, dest, ba);
            for x in self.divergent_branches_between(f, dest, bb) {
                if !d.contains(&x) {
                    d.push(x);
                }
            }
            d
        };
        if !divergent.is_empty() && !both_anchors {
            let branches = self.block_list(f, &divergent);
            let rule = match self.conv.token_of(a).and_then(|t| self.conv.def_kind(t)) {
                Some(TokenKind::Anchor) => Rule::DivergentBranch,
                Some(_) => Rule::EntryOrHeartToken,
                None => Rule::UncontrolledControlDependence,
            };
            return Verdict::Refused(Refusal::new(
                rule,
                format!(
                    "merging {names} into {} would make threads that go different ways at the divergent branch of \
                     {branches} communicate with each other",
                    self.block_name(f, dest)
                ),
            ));
        }
        if !both_anchors
            && let Some(anchor) = self.conv.token_of(a).filter(|&t| self.conv.def_kind(t) == Some(TokenKind::Anchor))
        {
            // An anchor's group may hold threads of different iterations of
            // a cycle around it; a branch uniform in each iteration may still
            // send them to different arms, where they run different
            // operations, which merging would make one.
            // Merging down into a join of the arms crosses the same branches
            // as merging up into their dominator.
            let crossed = if one_block {
                Vec::new()
            } else if dominated {
                self.deciding_branches(dest, &below)
            } else {
                let mut d = self.branches_between(dest, ba);
                for x in self.branches_between(dest, bb) {
                    if !d.contains(&x) {
                        d.push(x);
                    }
                }
                d
            };
            if let Some(&x) = crossed.iter().find(|&&x| self.varies_across_iterations(f, x, anchor)) {
                return Verdict::Refused(Refusal::new(
                    Rule::DivergentBranch,
                    format!(
                        "merging {names} into {} would make threads that the anchor {} may group across iterations \
                         of a cycle communicate, though the branch of {} can go different ways in different iterations",
                        self.block_name(f, dest),
                        self.inst_name(f, anchor),
                        self.block_name(f, x)
                    ),
                ));
            }
        }
        if !both_anchors {
            // Threads that stop between the merged point and either original
            // would take part in one and not the other: above the point for
            // an operation that moves up, below it for one that moves down
            // (the earlier of two in one block, kept after a kill, would no
            // longer count the killed threads).
            let ender = [a, b].into_iter().find_map(|x| {
                if self.point_dominates_inst(f, to, x) {
                    self.thread_ender_between(f, Span::At(to), Span::At(InsertPoint::Before(x)), &[a, b])
                        .map(|e| (e, "above"))
                } else {
                    self.thread_ender_between(f, Span::After(x), Span::At(to), &[a, b]).map(|e| (e, "below"))
                }
            });
            if let Some((e, side)) = ender {
                return Verdict::Refused(Refusal::new(
                    Rule::ThreadEnding,
                    format!(
                        "merging {names} into {} would move them {side} {}",
                        self.block_name(f, dest),
                        self.ender_text(f, e)
                    ),
                ));
            }
        }
        // A merge is two moves: each keeps the static rules (the users of
        // both merged anchors need the merged one above them).
        // (Two anchors' regions are checked together below.)
        let second =
            || if both_anchors { self.check_dominance(f, &[b], to) } else { self.check_structure(f, &[b], to) };
        if let Some(r) = self.check_structure(f, &[a], to).or_else(second) {
            return Verdict::Refused(r);
        }
        if both_anchors && let Some(r) = self.check_anchor_hoist_regions(f, &[a, b], to) {
            return Verdict::Refused(r);
        }
        Verdict::legal()
    }

    /// Blocks with a divergent branch that decide whether threads get from
    /// `a` to `b` (either may dominate the other; otherwise both are reached
    /// from their nearest common dominator).
    pub(super) fn divergent_branches_between(&self, f: &Function, a: Block, b: Block) -> Vec<Block> {
        match self.between(a, b) {
            Some((top, bottoms)) => self.deciding_divergent_branches(f, top, &bottoms, top),
            None => Vec::new(),
        }
    }

    /// Every branch (uniform or not) that decides whether threads get from
    /// `a` to `b`, as [`Oracle::divergent_branches_between`] finds them.
    fn branches_between(&self, a: Block, b: Block) -> Vec<Block> {
        match self.between(a, b) {
            Some((top, bottoms)) => self.deciding_branches(top, &bottoms),
            None => Vec::new(),
        }
    }

    /// The block both of `a` and `b` are reached from, and the ones below it.
    fn between(&self, a: Block, b: Block) -> Option<(Block, Vec<Block>)> {
        if a == b {
            None
        } else if self.dt.dominates(a, b) {
            Some((a, vec![b]))
        } else if self.dt.dominates(b, a) {
            Some((b, vec![a]))
        } else {
            self.dt.nearest_common_dominator(a, b).map(|n| (n, vec![a, b]))
        }
    }

    /// The divergent branches between `top` and the `bottoms` it dominates
    /// on which reaching a bottom depends: those a bottom is iteratedly
    /// control-dependent on, with uniformity as seen by threads meeting at
    /// `at` ([`Oracle::branch_uniform_at`]). A divergent branch whose sides meet again
    /// before any deciding branch splits no group of threads on its way to
    /// a bottom, so it does not count (a reduction below an if/else that
    /// rejoins may still sink under a later uniform branch).
    pub(super) fn deciding_divergent_branches(
        &self,
        f: &Function,
        top: Block,
        bottoms: &[Block],
        at: Block,
    ) -> Vec<Block> {
        self.deciding_branches(top, bottoms).into_iter().filter(|x| !self.branch_uniform_at(f, *x, at)).collect()
    }

    /// Every branch between `top` and the `bottoms` it dominates on which
    /// reaching a bottom depends (uniform or not).
    ///
    /// Inside a cycle, reaching is counted per iteration: a dynamic instance
    /// of an operation in a cycle belongs to one iteration (of the heart in
    /// its header, or of a token defined inside), so a branch that sends
    /// some threads round again before they reach a bottom decides whether
    /// they reach it *in this iteration*, though every thread reaches it in
    /// the end. The post-dominance below is that of one iteration of the
    /// smallest cycle holding `top` and the bottoms ([`Oracle::iteration_pdt`]):
    /// an edge back to one of its entries, or out of it, ends the iteration.
    pub(super) fn deciding_branches(&self, top: Block, bottoms: &[Block]) -> Vec<Block> {
        let cycle = bottoms
            .iter()
            .fold(self.cycles.cycle_of(top), |c, &b| self.cycles.smallest_common_cycle(c, self.cycles.cycle_of(b)));
        let iteration = cycle.map(|c| self.iteration_pdt(c));
        let pdom = |y: Block, x: Block| match &iteration {
            Some(t) => t.dominates(y, x),
            None => self.pdt.post_dominates(y, x),
        };
        // An edge that stays within the iteration.
        let within = |s: Block| cycle.is_none_or(|c| self.cycles.contains(c, s) && !self.cycles.is_entry(c, s));
        let mut region: Vec<Block> = Vec::new();
        for &b in bottoms {
            for x in self.paths_within(top, b, cycle) {
                if !region.contains(&x) {
                    region.push(x);
                }
            }
        }
        // Iterated control dependence of the bottoms, within the region: X
        // is in it when one of X's successors is post-dominated by a member
        // Y (or is Y) while Y does not strictly post-dominate X.
        let mut deciding: Vec<Block> = bottoms.to_vec();
        let mut changed = true;
        while changed {
            changed = false;
            for &x in &region {
                if deciding.contains(&x) || self.cfg.succs(x).len() < 2 {
                    continue;
                }
                let controls = deciding.iter().any(|&y| {
                    let strictly_pdom = y != x && pdom(y, x);
                    !strictly_pdom && self.cfg.succs(x).iter().any(|&s| within(s) && pdom(y, s))
                });
                if controls {
                    deciding.push(x);
                    changed = true;
                }
            }
        }
        region.into_iter().filter(|x| deciding.contains(x) && self.cfg.succs(*x).len() > 1).collect()
    }

    /// The post-dominator tree of one iteration of cycle `c`: its blocks,
    /// with the edges back to its entries and the edges out of it ending
    /// the iteration (going to the virtual exit).
    pub(super) fn iteration_pdt(&self, c: CycleId) -> Arc<PartPostDomTree> {
        if let Some(t) = self.iteration_pdts.borrow().get(&c) {
            return t.clone();
        }
        let t = Arc::new(DomTree::post_of_part(&self.cfg, self.cycles.blocks(c), |_, s| !self.cycles.is_entry(c, s)));
        self.iteration_pdts.borrow_mut().insert(c, t.clone());
        t
    }

    /// The blocks whose terminator a move between `a` and `b` crosses: for
    /// `a` dominating `b`, `a` and every block on a path from `a` to `b`
    /// other than `b` (and symmetrically); otherwise the same from their
    /// nearest common dominator to each.
    pub(super) fn blocks_between(&self, a: Block, b: Block) -> Vec<Block> {
        if a == b {
            return Vec::new();
        }
        if self.dt.dominates(a, b) {
            return self.paths(a, b);
        }
        if self.dt.dominates(b, a) {
            return self.paths(b, a);
        }
        let Some(n) = self.dt.nearest_common_dominator(a, b) else { return Vec::new() };
        let mut out = self.paths(n, a);
        for x in self.paths(n, b) {
            if !out.contains(&x) {
                out.push(x);
            }
        }
        out
    }

    /// `top` and the blocks other than `bottom` on paths from `top` to
    /// `bottom` that do not return to `top`, in a deterministic order.
    pub(super) fn paths(&self, top: Block, bottom: Block) -> Vec<Block> {
        self.paths_within(top, bottom, None)
    }

    /// [`Oracle::paths`] within one iteration of `cycle` (if any): the
    /// paths stay in it and do not go back to its entries.
    fn paths_within(&self, top: Block, bottom: Block, cycle: Option<CycleId>) -> Vec<Block> {
        let within = |s: Block| cycle.is_none_or(|c| self.cycles.contains(c, s) && !self.cycles.is_entry(c, s));
        let mut back = EntitySet::new();
        let mut work = vec![bottom];
        back.insert(bottom);
        while let Some(x) = work.pop() {
            if x == top {
                continue;
            }
            if !within(x) {
                continue;
            }
            for &p in self.cfg.preds(x) {
                if self.cfg.is_reachable(p) && back.insert(p) {
                    work.push(p);
                }
            }
        }
        let mut out = vec![top];
        let mut fwd = EntitySet::new();
        fwd.insert(top);
        let mut work = vec![top];
        while let Some(x) = work.pop() {
            if x == bottom {
                continue;
            }
            for &s in self.cfg.succs(x) {
                if s != top && within(s) && back.contains(s) && fwd.insert(s) {
                    if s != bottom {
                        out.push(s);
                    }
                    work.push(s);
                }
            }
        }
        out
    }

    /// Whether `a` and `b` are control-equivalent: one dominates the other
    /// and is post-dominated by it.
    pub(super) fn control_equivalent(&self, a: Block, b: Block) -> bool {
        (self.dt.dominates(a, b) && self.pdt.post_dominates(b, a))
            || (self.dt.dominates(b, a) && self.pdt.post_dominates(a, b))
    }
}
