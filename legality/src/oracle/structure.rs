//! The static rules a move must keep (`ConvergentOperations.rst`, "Static
//! Rules" and "Convergence Control Intrinsics"): loop and entry intrinsics
//! first in their block, definitions dominating uses, and
//! convergence regions nested.

use super::{InsertPoint, Oracle, Refusal, Rule, Verdict};
use crate::convergence::{ConvOp, TokenKind};
use opt_conv_ir::{Block, Function, Inst, Module};

impl Oracle<'_> {
    /// The instruction a point lies just before (`None` for an empty block).
    pub(super) fn point_inst(&self, f: &Function, to: InsertPoint) -> Option<Inst> {
        match to {
            InsertPoint::Before(i) => Some(i),
            InsertPoint::BlockStart(b) => f.first_non_phi(b),
            InsertPoint::BlockEnd(b) => f.terminator(b),
        }
    }

    /// Whether the point dominates instruction `x` (is on every path to it).
    pub(super) fn point_dominates_inst(&self, f: &Function, to: InsertPoint, x: Inst) -> bool {
        let (pb, xb) = (self.point_block(f, to), self.block(f, x));
        if pb != xb {
            return self.dt.dominates(pb, xb);
        }
        match self.point_inst(f, to) {
            Some(p) => p == x || f.layout().inst_precedes(p, x),
            None => false,
        }
    }

    /// Whether instruction `d` (staying where it is) dominates the point.
    pub(super) fn inst_dominates_point(&self, f: &Function, d: Inst, to: InsertPoint) -> bool {
        let (db, pb) = (self.block(f, d), self.point_block(f, to));
        if db != pb {
            return self.dt.dominates(db, pb);
        }
        match self.point_inst(f, to) {
            Some(p) => d != p && f.layout().inst_precedes(d, p),
            None => true,
        }
    }

    /// Placement, dominance and region nesting after moving `moved` (in
    /// order) to `to`.
    pub(super) fn check_structure(&self, f: &Function, moved: &[Inst], to: InsertPoint) -> Option<Refusal> {
        self.check_placement(f, moved, to)
            .or_else(|| self.check_dominance(f, moved, to))
            .or_else(|| self.check_regions(f, moved, to))
    }

    fn check_placement(&self, f: &Function, moved: &[Inst], to: InsertPoint) -> Option<Refusal> {
        let dest = self.point_block(f, to);
        let any_convergent = moved.iter().any(|&i| self.conv.is_convergent(i));
        if !any_convergent {
            return None;
        }
        // Only loop and entry intrinsics must come first in their block; two
        // anchors (or an anchor after a loop intrinsic) break no static rule
        // ("Convergence Control Intrinsics").
        let point = self.point_inst(f, to);
        let mut before_point = point.is_some();
        for x in f.block_insts(dest) {
            if Some(x) == point {
                before_point = false;
            }
            if moved.contains(&x) {
                continue;
            }
            let Some(kind) = self.conv.def_kind(x) else { continue };
            if !before_point && matches!(kind, TokenKind::Loop | TokenKind::Entry) {
                return Some(Refusal::new(
                    Rule::TokenPlacement,
                    format!(
                        "a convergent operation would come before {} in {}; loop and entry intrinsics must come first",
                        self.inst_name(f, x),
                        self.block_name(f, dest)
                    ),
                ));
            }
        }
        None
    }

    pub(super) fn check_dominance(&self, f: &Function, moved: &[Inst], to: InsertPoint) -> Option<Refusal> {
        for &i in moved {
            if let Some(t) = self.conv.token_of(i)
                && !moved.contains(&t)
                && !self.inst_dominates_point(f, t, to)
            {
                return Some(Refusal::new(
                    Rule::TokenDominance,
                    format!(
                        "{} would no longer be dominated by its token {}",
                        self.inst_name(f, i),
                        self.inst_name(f, t)
                    ),
                ));
            }
            if self.conv.def_kind(i).is_some() {
                let stranded: Vec<Inst> = self
                    .conv
                    .uses_of(i)
                    .iter()
                    .copied()
                    .filter(|u| !moved.contains(u) && !self.point_dominates_inst(f, to, *u))
                    .collect();
                if !stranded.is_empty() {
                    return Some(Refusal::new(
                        Rule::TokenDominance,
                        format!(
                            "token {} would no longer dominate its users {}",
                            self.inst_name(f, i),
                            self.inst_list(f, &stranded)
                        ),
                    ));
                }
            }
        }
        None
    }

    /// Convergence regions stay nested: a moved use of token T must not land
    /// in the region of another token whose region does not hold T's
    /// definition, and the points a sunk use adds to T's region must not hold
    /// uses of tokens defined outside it. A hoisted anchor gains the points
    /// between its new and old places, which must not hold foreign uses.
    fn check_regions(&self, f: &Function, moved: &[Inst], to: InsertPoint) -> Option<Refusal> {
        let point = self.point_inst(f, to)?;
        for &i in moved {
            match self.conv.op(i) {
                ConvOp::Controlled { token } if !moved.contains(&token) => {
                    if let Some(r) = self.check_use_lands_nested(f, i, token, point) {
                        return Some(r);
                    }
                    if (self.is_sinking(f, i, to) || self.is_sideways(f, i, to))
                        && let Some(r) = self.check_added_points(f, token, self.segment(f, i, to))
                    {
                        return Some(r);
                    }
                }
                ConvOp::Intrinsic { kind: TokenKind::Anchor, .. } if !self.is_sinking(f, i, to) => {
                    if let Some(r) = self.check_anchor_hoist_regions(f, &[i], to) {
                        return Some(r);
                    }
                }
                ConvOp::Intrinsic { kind: TokenKind::Anchor, .. } => {
                    if let Some(r) = self.check_anchor_sink_regions(f, i, moved, to) {
                        return Some(r);
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// Regions containing the new position of a use of `token` must contain
    /// the token's definition.
    fn check_use_lands_nested(&self, f: &Function, user: Inst, token: Inst, point: Inst) -> Option<Refusal> {
        for &d2 in self.conv.token_defs() {
            if d2 == token || d2 == user {
                continue;
            }
            let r2 = self.conv.region(f, d2);
            if r2.contains(f, point) && !r2.contains(f, token) {
                return Some(Refusal::new(
                    Rule::RegionNesting,
                    format!(
                        "{} would move into the convergence region of {}, which does not contain its token {}",
                        self.inst_name(f, user),
                        self.inst_name(f, d2),
                        self.inst_name(f, token)
                    ),
                ));
            }
        }
        None
    }

    /// The region of `token` grows by `segment`: every use of another token
    /// in the new part needs that token's definition inside the region.
    fn check_added_points(&self, f: &Function, token: Inst, segment: Vec<Inst>) -> Option<Refusal> {
        let region = self.conv.region(f, token);
        for (k, &x) in segment.iter().enumerate() {
            let Some(t3) = self.conv.token_of(x) else { continue };
            if t3 == token || region.contains(f, x) {
                continue;
            }
            if region.contains(f, t3) || segment[..k].contains(&t3) {
                continue;
            }
            return Some(Refusal::new(
                Rule::RegionNesting,
                format!(
                    "the convergence region of {} would grow over {}, which uses token {} defined outside it",
                    self.inst_name(f, token),
                    self.inst_name(f, x),
                    self.inst_name(f, t3)
                ),
            ));
        }
        None
    }

    /// Sinking anchor `a` to `to` shrinks its region to the points `to`
    /// dominates that still reach a use. A token whose definition the region
    /// loses must then have no use left in it (uses that move with the
    /// anchor do not count: they land next to it).
    fn check_anchor_sink_regions(&self, f: &Function, a: Inst, moved: &[Inst], to: InsertPoint) -> Option<Refusal> {
        let old = self.conv.region(f, a);
        let in_new = |x: Inst| self.point_dominates_inst(f, to, x) && old.contains(f, x);
        for &t2 in self.conv.token_defs() {
            if t2 == a || moved.contains(&t2) || !old.contains(f, t2) || in_new(t2) {
                continue;
            }
            if let Some(&u) = self.conv.uses_of(t2).iter().find(|&&u| !moved.contains(&u) && in_new(u)) {
                return Some(Refusal::new(
                    Rule::RegionNesting,
                    format!(
                        "sinking anchor {} would leave {} inside its convergence region but the definition of \
                         its token {} outside it",
                        self.inst_name(f, a),
                        self.inst_name(f, u),
                        self.inst_name(f, t2)
                    ),
                ));
            }
        }
        None
    }

    /// Hoisting (or merging) anchors to `to`: each one's region gains the
    /// points from `to` down to its old place, which must not hold uses of
    /// tokens defined outside that stretch.
    pub(super) fn check_anchor_hoist_regions(
        &self,
        f: &Function,
        anchors: &[Inst],
        to: InsertPoint,
    ) -> Option<Refusal> {
        for &a in anchors {
            let segment = self.segment_up(f, a, to);
            for (k, &x) in segment.iter().enumerate() {
                let Some(t3) = self.conv.token_of(x) else { continue };
                if anchors.contains(&t3) || segment[..k].contains(&t3) {
                    continue;
                }
                return Some(Refusal::new(
                    Rule::RegionNesting,
                    format!(
                        "hoisting anchor {} would put {}, which uses token {}, inside its convergence region",
                        self.inst_name(f, a),
                        self.inst_name(f, x),
                        self.inst_name(f, t3)
                    ),
                ));
            }
        }
        None
    }

    /// Whether moving `i` to `to` moves it down (the point comes after it).
    fn is_sinking(&self, f: &Function, i: Inst, to: InsertPoint) -> bool {
        let (from, dest) = (self.block(f, i), self.point_block(f, to));
        if from != dest {
            return self.dt.dominates(from, dest);
        }
        self.point_inst(f, to).is_none_or(|p| f.layout().inst_precedes(i, p))
    }

    /// Whether neither of `i`'s block and the point's block dominates the
    /// other (a move into a join of two arms, as a merge of the arms does).
    fn is_sideways(&self, f: &Function, i: Inst, to: InsertPoint) -> bool {
        let (from, dest) = (self.block(f, i), self.point_block(f, to));
        !self.dt.dominates(from, dest) && !self.dt.dominates(dest, from)
    }

    /// The instructions a sinking `i` passes over on its way to `to`: the
    /// rest of its block, the blocks in between, and the destination block
    /// up to the point. Moved sideways, the token's region grows by every
    /// block from which the point is reached below the blocks' nearest
    /// common dominator (that one and those on the way to `i` are in the
    /// region already, or before the token).
    fn segment(&self, f: &Function, i: Inst, to: InsertPoint) -> Vec<Inst> {
        let (from, dest) = (self.block(f, i), self.point_block(f, to));
        let point = self.point_inst(f, to);
        let mut out = Vec::new();
        let after_i = f.block_insts(from).skip_while(|&x| x != i).skip(1);
        if from == dest {
            out.extend(after_i.take_while(|&x| Some(x) != point));
            return out;
        }
        out.extend(after_i);
        let between = if self.is_sideways(f, i, to) {
            match self.dt.nearest_common_dominator(from, dest) {
                Some(n) => self.paths(n, dest).into_iter().filter(|&b| b != n).collect(),
                None => Vec::new(),
            }
        } else {
            self.blocks_between(from, dest)
        };
        for b in between.into_iter().filter(|&b| b != from) {
            out.extend(f.block_insts(b));
        }
        out.extend(f.block_insts(dest).take_while(|&x| Some(x) != point));
        out
    }

    /// The instructions between the point `to` and `i` below it (hoisting).
    fn segment_up(&self, f: &Function, i: Inst, to: InsertPoint) -> Vec<Inst> {
        let (from, dest) = (self.block(f, i), self.point_block(f, to));
        let point = self.point_inst(f, to);
        let mut out = Vec::new();
        let from_point = f.block_insts(dest).skip_while(|&x| Some(x) != point);
        if from == dest {
            out.extend(from_point.take_while(|&x| x != i));
            return out;
        }
        out.extend(from_point);
        for b in self.blocks_between(dest, from).into_iter().filter(|&b: &Block| b != dest) {
            out.extend(f.block_insts(b));
        }
        out.extend(f.block_insts(from).take_while(|&x| x != i));
        out
    }
}

impl Oracle<'_> {
    /// May straight-line block `block` (whose only predecessor is `pred`,
    /// which branches only to it) be folded into `pred`? Dynamic instances
    /// do not change; only the static placement rule can forbid it: no
    /// convergent operation may precede a loop or entry intrinsic in its block.
    /// Needs no analysis, so passes that fold many blocks can ask it directly.
    /// The walk of `block` stops at its first convergent operation: an
    /// intrinsic after it breaks the rule already, wherever `block` is.
    pub fn block_merge(m: &Module, f: &Function, pred: Block, block: Block) -> Verdict {
        let first = f.block_insts(block).find(|&i| {
            let d = f.dfg().inst(i);
            crate::convergence::is_convergent_op(m, f, d) || crate::convergence::intrinsic_kind(m, f, d).is_some()
        });
        let intrinsic = first.filter(|&i| {
            matches!(
                crate::convergence::intrinsic_kind(m, f, f.dfg().inst(i)),
                Some(TokenKind::Loop | TokenKind::Entry)
            )
        });
        let Some(x) = intrinsic else { return Verdict::legal() };
        let before = f.block_insts(pred).find(|&i| crate::convergence::is_convergent_op(m, f, f.dfg().inst(i)));
        match before {
            Some(c) => {
                use super::names::{block_name, inst_name};
                Verdict::Refused(Refusal::new(
                    Rule::TokenPlacement,
                    format!(
                        "folding {} into {} would put {} before {}; loop and entry intrinsics must come first in \
                         their block",
                        block_name(f, block),
                        block_name(f, pred),
                        inst_name(m, f, c),
                        inst_name(m, f, x)
                    ),
                ))
            }
            None => Verdict::legal(),
        }
    }
}

impl Oracle<'_> {
    /// May the empty block `b` (phis and `br label %succ` only) be removed,
    /// its predecessors sent straight to its successor? No thread's path
    /// changes, but cycles may: when `b` is an entry of a cycle, that
    /// cycle's entries (its possible headers) change, and a header counts
    /// the iterations by which uncontrolled operations and anchors inside
    /// the cycle group threads (rule `irreducible-edge`). Forwarding the
    /// header of a loop into a nested loop's header makes the two loops one,
    /// whose iterations count those of both; forwarding an entry of an
    /// irreducible cycle makes its successor an entry, a header that counts
    /// visits the old one did not. So this is refused when a cycle with a
    /// convergent operation has `b` as an entry or is irreducible and holds
    /// `b` (where the entries of the cycles nested in it depend on the
    /// header chosen). Needs no analysis beyond the function's cached ones.
    pub fn block_forwarding(m: &Module, f: &Function, b: Block, exact_names: bool) -> Verdict {
        use opt_conv_ir::analysis::FunctionAnalyses;
        let cycles = f.cycles();
        let mut c = cycles.cycle_of(b);
        while let Some(x) = c {
            let entry = cycles.entries(x).contains(&b);
            let irreducible = !cycles.is_reducible(x);
            if (entry || irreducible)
                && let Some(&holder) = cycles
                    .blocks(x)
                    .iter()
                    .find(|&&h| f.block_insts(h).any(|i| crate::convergence::is_convergent_op(m, f, f.dfg().inst(i))))
            {
                let name = |x: Block| super::names::block_name_as(f, x, exact_names);
                let how = if entry { "an entry of" } else { "in" };
                return Verdict::Refused(Refusal::new(
                    Rule::IrreducibleEdge,
                    format!(
                        "forwarding the empty block {} to its successor changes the {}cycle at {} it is {how}, \
                         which holds a convergent operation in {}: the iterations that group threads there would \
                         be counted differently",
                        name(b),
                        if irreducible { "irreducible " } else { "" },
                        name(cycles.header(x)),
                        name(holder)
                    ),
                ));
            }
            c = cycles.parent(x);
        }
        Verdict::legal()
    }

    /// May the natural loop headed by `header` get a preheader, a new block
    /// taking the edges from `outside` (the header's predecessors outside
    /// the loop)? Every thread passes the new block exactly when it came
    /// to `header` over one of those edges, so no path changes, but cycles
    /// may: when `header` is an entry of an irreducible cycle that some of
    /// `outside` lie in, the new block joins that cycle and becomes its
    /// entry in place of `header`. As header it counts the visits from
    /// outside the loop only, where `header` counted the loop's iterations
    /// too: a grouping of threads that no hierarchy of the original gives
    /// (rule `irreducible-edge`; found by the adversarial review of the
    /// oracle's cycle questions, on loop-simplify and the unroller's
    /// normalization). Refused when an irreducible cycle containing
    /// `header` and one of `outside` holds a convergent operation. (A
    /// reducible cycle around both has another header, the same under every
    /// hierarchy, and `header` is not its entry.) Needs no analysis beyond
    /// the function's cached ones.
    pub fn preheader_insertion(
        m: &Module,
        f: &Function,
        header: Block,
        outside: &[Block],
        exact_names: bool,
    ) -> Verdict {
        use opt_conv_ir::analysis::FunctionAnalyses;
        let cycles = f.cycles();
        let mut c = cycles.cycle_of(header);
        while let Some(x) = c {
            let blocks = cycles.blocks(x);
            if !cycles.is_reducible(x)
                && let Some(&inside) = outside.iter().find(|&&p| blocks.contains(&p))
                && let Some(&holder) = blocks
                    .iter()
                    .find(|&&h| f.block_insts(h).any(|i| crate::convergence::is_convergent_op(m, f, f.dfg().inst(i))))
            {
                let name = |x: Block| super::names::block_name_as(f, x, exact_names);
                return Verdict::Refused(Refusal::new(
                    Rule::IrreducibleEdge,
                    format!(
                        "a preheader of the loop at {} would take the edge from {} inside the irreducible cycle at {}, \
                         which holds a convergent operation in {}: the cycle would be entered at the new block, whose \
                         visits count the iterations that group threads there differently",
                        name(header),
                        name(inside),
                        name(cycles.header(x)),
                        name(holder)
                    ),
                ));
            }
            c = cycles.parent(x);
        }
        Verdict::legal()
    }

    /// [`Oracle::block_forwarding`], when every cycle through `b` is known
    /// to lie within `region` (blocks that may share a cycle with `b`, as
    /// the caller knows them from the cycles before its latest edits).
    /// The question computes the whole function's cycles, so a pass that
    /// asks it after each of many edits of a huge function would be
    /// quadratic: the cycles through `b` are found from `b` instead, as the
    /// cycle forest defines them (the outermost one is `b`'s strongly
    /// connected component; a reducible cycle's children are the
    /// components of the cycle without its header), while they answer the
    /// question, and the whole forest is computed only when they cannot:
    /// a cycle that holds a convergent operation and is irreducible or has
    /// `b` for its header. The verdict is the same.
    pub fn block_forwarding_within(
        m: &Module,
        f: &Function,
        b: Block,
        region: &dyn Fn(Block) -> bool,
        exact_names: bool,
    ) -> Verdict {
        if forwarding_leaves_cycles(m, f, b, region) {
            #[cfg(debug_assertions)]
            if f.layout().num_blocks() <= 200 {
                assert!(
                    matches!(Self::block_forwarding(m, f, b, false), Verdict::Legal(_)),
                    "the cycles found from {b:?} allow forwarding it, and the cycle forest does not"
                );
            }
            return Verdict::legal();
        }
        Self::block_forwarding(m, f, b, exact_names)
    }

    /// May `block` be copied by jump threading (threaded through, or copied
    /// into a predecessor) when it may be an entry of a cycle (threading
    /// across loop headers)? A copy on the way from outside the cycle
    /// enters it at `block`'s successor: the cycle gets new entries, may
    /// become irreducible, and a block of a nested loop may become a header
    /// of the outer cycle, counting the iterations of both, so threads in
    /// different (outer, inner) iterations are grouped (rule
    /// `irreducible-edge`; found by the adversarial review of duplicated
    /// irreducible cycles). Refused when `block` is an entry of a cycle
    /// holding an uncontrolled convergent operation (tokens define the
    /// groups of controlled ones; the other questions judge anchors).
    /// Needs no analysis beyond the function's cached ones.
    pub fn cycle_entry_copy(m: &Module, f: &Function, block: Block, exact_names: bool) -> Verdict {
        use opt_conv_ir::analysis::FunctionAnalyses;
        let cycles = f.cycles();
        let mut c = cycles.cycle_of(block);
        while let Some(x) = c {
            if cycles.entries(x).contains(&block)
                && let Some(&holder) = cycles.blocks(x).iter().find(|&&h| {
                    f.block_insts(h)
                        .any(|i| crate::convergence::classify(m, f, f.dfg().inst(i)) == ConvOp::Uncontrolled)
                })
            {
                let name = |x: Block| super::names::block_name_as(f, x, exact_names);
                return Verdict::Refused(Refusal::new(
                    Rule::IrreducibleEdge,
                    format!(
                        "copying {} changes the entries of the cycle at {} it enters, which holds an uncontrolled \
                         convergent operation in {}: the iterations that group threads there would be counted \
                         differently",
                        name(block),
                        name(cycles.header(x)),
                        name(holder)
                    ),
                ));
            }
            c = cycles.parent(x);
        }
        Verdict::legal()
    }

    /// May the edges from `from` to each of `dead`, which no thread takes
    /// (its branch or switch is on a constant), be removed together? See
    /// [`Oracle::edges_removal`].
    pub fn edge_removal(m: &Module, f: &Function, from: Block, dead: &[Block], exact_names: bool) -> Verdict {
        let edges: Vec<(Block, Block)> = dead.iter().map(|&to| (from, to)).collect();
        Self::edges_removal(m, f, &edges, exact_names)
    }

    /// May the CFG edges `edges` (from, to), which no thread takes (each
    /// branch or switch is on a constant), be removed together? Paths do
    /// not change, but cycles may, and in
    /// an irreducible cycle the grouping of uncontrolled operations and
    /// anchors follows the cycle hierarchy: the result must group threads
    /// as one hierarchy of the original does (rule `irreducible-edge`).
    /// Allowed when every cycle containing an edge is reducible and no
    /// block with a convergent operation leaves a loop that stays, when the
    /// outermost one holds no convergent operation, or when it dissolves
    /// (none of its blocks stays in a cycle) and one of its entries
    /// dominates every block of it that holds a convergent operation, and
    /// so on for the cycles nested under that entry.
    /// Removals that are each allowed alone may not be together (two
    /// latches of one loop): a pass removing several edges asks about all
    /// of them, or asks again after each removal.
    /// Needs no analysis beyond the function's cached ones; a refusal names
    /// blocks and values as printed only with `exact_names` (see
    /// [`Oracle::explaining`]).
    pub fn edges_removal(m: &Module, f: &Function, edges: &[(Block, Block)], exact_names: bool) -> Verdict {
        let block_name = |f: &Function, b: Block| super::names::block_name_as(f, b, exact_names);
        use opt_conv_ir::analysis::FunctionAnalyses;
        let cycles = f.cycles();
        let cfg = f.cfg();
        let mut checked = Vec::new();
        let live = |p: Block, s: Block| !edges.contains(&(p, s));
        for &(from, to) in edges {
            let Some(inner) = cycles.smallest_common_cycle(cycles.cycle_of(from), cycles.cycle_of(to)) else {
                continue;
            };
            let mut outer = inner;
            let mut irreducible = !cycles.is_reducible(inner);
            while let Some(p) = cycles.parent(outer) {
                outer = p;
                irreducible |= !cycles.is_reducible(p);
            }
            if !irreducible {
                // Natural loops keep their headers, but a block of one
                // that reaches its header only over the removed edge leaves
                // it while the loop stays: threads that left the loop in
                // different iterations were apart there and would be
                // together. A loop that dissolves was run once by each.
                let mut l = Some(inner);
                while let Some(c) = l {
                    // Anchors (and what their tokens control) group threads
                    // as the implementation chooses; the rest follow the
                    // loop: uncontrolled operations, loop intrinsics, and
                    // uses of a token from outside the loop (its heart's
                    // iterations split them).
                    let follows_loop = |i: opt_conv_ir::Inst| {
                        use crate::convergence::{ConvOp, TokenKind, classify};
                        match classify(m, f, f.dfg().inst(i)) {
                            ConvOp::Uncontrolled | ConvOp::Intrinsic { kind: TokenKind::Loop, .. } => true,
                            ConvOp::Controlled { token } => {
                                f.layout().inst_block(token).is_none_or(|tb| !cycles.contains(c, tb))
                            }
                            ConvOp::Intrinsic { .. } | ConvOp::None => false,
                        }
                    };
                    if let Some(b) =
                        leaves_loop(&cfg, &cycles, c, &live).into_iter().find(|&b| f.block_insts(b).any(follows_loop))
                    {
                        return Verdict::Refused(Refusal::new(
                            Rule::IrreducibleEdge,
                            format!(
                                "removing the never-taken edge {} -> {} takes {} out of the loop with header {}, \
                                 which stays: threads that left it in different iterations would be grouped together",
                                block_name(f, from),
                                block_name(f, to),
                                block_name(f, b),
                                block_name(f, cycles.header(c)),
                            ),
                        ));
                    }
                    l = cycles.parent(c);
                }
                continue;
            }
            if checked.contains(&outer) {
                continue;
            }
            checked.push(outer);
            let blocks = cycles.blocks(outer);
            let op_in =
                |b: Block| f.block_insts(b).find(|&i| crate::convergence::is_convergent_op(m, f, f.dfg().inst(i)));
            let with_ops: Vec<Block> = blocks.iter().copied().filter(|&b| op_in(b).is_some()).collect();
            let Some(&first) = with_ops.first() else { continue };
            let dissolves = !has_cycle(blocks, |b| cfg.succs(b).iter().copied().filter(move |&s| live(b, s)));
            // Not only the outermost cycle: every cycle nested in it around
            // an operation needs a header the threads there all passed once
            // (an irreducible child whose entries both reach the operation
            // without the other groups no two of them, however the outer
            // header is picked).
            let ops: rustc_hash::FxHashSet<Block> = with_ops.iter().copied().collect();
            if dissolves
                && headed_by_dominators(blocks, &ops, &|b| cfg.succs(b), &|b| cfg.preds(b), &|h, b| {
                    f.domtree().dominates(h, b)
                })
            {
                continue;
            }
            let at =
                op_in(first).map_or_else(|| block_name(f, first), |i| super::names::inst_name_as(m, f, i, exact_names));
            return Verdict::Refused(Refusal::new(
                Rule::IrreducibleEdge,
                format!(
                    "removing the never-taken edge {} -> {} changes the irreducible cycle with header {}, and no \
                     header it could have groups the threads at {at} as the result would",
                    block_name(f, from),
                    block_name(f, to),
                    block_name(f, cycles.header(outer)),
                ),
            ));
        }
        Verdict::legal()
    }
}

/// Whether the subgraph of `blocks` with edges `succs` (restricted to
/// `blocks`) has a cycle.
fn has_cycle<I: Iterator<Item = Block>>(blocks: &[Block], succs: impl Fn(Block) -> I) -> bool {
    let inside: rustc_hash::FxHashSet<Block> = blocks.iter().copied().collect();
    // 0 = unvisited, 1 = on the stack, 2 = done.
    let mut state: rustc_hash::FxHashMap<Block, u8> = rustc_hash::FxHashMap::default();
    for &start in blocks {
        if state.contains_key(&start) {
            continue;
        }
        let mut stack: Vec<(Block, Vec<Block>)> = vec![(start, succs(start).filter(|s| inside.contains(s)).collect())];
        state.insert(start, 1);
        while let Some((b, next)) = stack.last_mut() {
            match next.pop() {
                Some(s) => match state.get(&s) {
                    Some(1) => return true,
                    Some(_) => {}
                    None => {
                        state.insert(s, 1);
                        let n = succs(s).filter(|x| inside.contains(x)).collect();
                        stack.push((s, n));
                    }
                },
                None => {
                    state.insert(*b, 2);
                    stack.pop();
                }
            }
        }
    }
    false
}

/// Whether some cycle hierarchy of the subgraph `blocks` gives every cycle
/// that holds a block of `ops` a header dominating each of its blocks in
/// `ops`: the strongly connected parts of `blocks` holding one need such an
/// entry, and the same recursively for the parts left without it (the
/// cycles nested under that header). When the cycles all dissolve, every
/// thread reaching an operation then executed each header around it
/// exactly once, so all are converged there, as in the acyclic result.
fn headed_by_dominators<'a>(
    blocks: &[Block],
    ops: &rustc_hash::FxHashSet<Block>,
    succs: &dyn Fn(Block) -> &'a [Block],
    preds: &dyn Fn(Block) -> &'a [Block],
    dominates: &dyn Fn(Block, Block) -> bool,
) -> bool {
    opt_conv_ir::analysis::scc::strongly_connected(blocks, succs).into_iter().all(|part| {
        let cyclic = part.len() > 1 || succs(part[0]).contains(&part[0]);
        let with_ops: Vec<Block> = part.iter().copied().filter(|b| ops.contains(b)).collect();
        if !cyclic || with_ops.is_empty() {
            return true;
        }
        let inside: rustc_hash::FxHashSet<Block> = part.iter().copied().collect();
        part.iter()
            .copied()
            .filter(|&e| preds(e).iter().any(|p| !inside.contains(p)))
            .filter(|&e| with_ops.iter().all(|&b| dominates(e, b)))
            .any(|e| {
                let rest: Vec<Block> = part.iter().copied().filter(|&b| b != e).collect();
                headed_by_dominators(&rest, ops, succs, preds, dominates)
            })
    })
}

/// The blocks of the natural loop `c` that are no longer in it once only
/// the edges `live` says stay are left, when the loop itself stays (its
/// header still reaches itself inside it); none when it dissolves.
fn leaves_loop(
    cfg: &opt_conv_ir::analysis::Cfg,
    cycles: &opt_conv_ir::analysis::CycleInfo,
    c: opt_conv_ir::analysis::CycleId,
    live: &dyn Fn(Block, Block) -> bool,
) -> Vec<Block> {
    let h = cycles.header(c);
    // Blocks of the loop that reach the header over a live edge inside it.
    let mut back: rustc_hash::FxHashSet<Block> = rustc_hash::FxHashSet::default();
    let mut work: Vec<Block> = cfg.preds(h).iter().copied().filter(|&p| cycles.contains(c, p) && live(p, h)).collect();
    while let Some(b) = work.pop() {
        if !back.insert(b) {
            continue;
        }
        work.extend(cfg.preds(b).iter().copied().filter(|&p| cycles.contains(c, p) && live(p, b)));
    }
    if !back.contains(&h) {
        return Vec::new();
    }
    cycles.blocks(c).iter().copied().filter(|b| !back.contains(b)).collect()
}

/// Whether no cycle through `b` (all within `region`) both holds a
/// convergent operation and is irreducible or headed by `b`, found without
/// the whole function's cycle forest. `false` means "unknown": the caller
/// asks the forest.
///
/// From the outermost cycle in: a cycle through `b` is `b`'s strongly
/// connected component among the blocks allowed (first `region`), and if it
/// has a single entry (counting unreachable predecessors too, which the
/// forest ignores, so one entry here is one there) it is reducible with
/// that entry for header, and the next cycle in is `b`'s component once the
/// header is taken away. A cycle holding no convergent operation holds none
/// in the cycles inside it either.
pub(super) fn forwarding_leaves_cycles(m: &Module, f: &Function, b: Block, region: &dyn Fn(Block) -> bool) -> bool {
    use opt_conv_ir::analysis::FunctionAnalyses;
    use opt_conv_ir::entity::EntityRef;
    let cfg = f.cfg();
    // Per block, the last level whose search reached it and whose
    // component holds it (levels count from 1; one allocation, no hashing:
    // a component may have hundreds of blocks).
    let mut reached = vec![0u32; f.dfg().num_blocks()];
    let mut held = vec![0u32; f.dfg().num_blocks()];
    let mut stack: Vec<Block> = Vec::new();
    let mut cycle: Vec<Block> = Vec::new();
    // The blocks of the outermost cycle holding a convergent operation:
    // the inner cycles are among its blocks.
    let mut convergent: Vec<Block> = Vec::new();
    let mut header: Option<Block> = None;
    let mut level = 0u32;
    loop {
        level += 1;
        // `b`'s component among the blocks allowed: those of the previous
        // level's component but its header (at first, `region`).
        let allowed = |x: Block| {
            x.index() < held.len()
                && match header {
                    None => region(x),
                    Some(h) => x != h && held[x.index()] == level - 1,
                }
        };
        stack.clear();
        stack.extend(cfg.succs(b).iter().copied().filter(|&s| allowed(s)));
        while let Some(x) = stack.pop() {
            if reached[x.index()] != level {
                reached[x.index()] = level;
                stack.extend(cfg.succs(x).iter().copied().filter(|&s| reached[s.index()] != level && allowed(s)));
            }
        }
        if reached[b.index()] != level {
            // `b` is on no cycle of the blocks allowed.
            return true;
        }
        cycle.clear();
        stack.push(b);
        while let Some(x) = stack.pop() {
            if held[x.index()] != level {
                held[x.index()] = level;
                cycle.push(x);
                stack.extend(
                    cfg.preds(x).iter().copied().filter(|p| reached[p.index()] == level && held[p.index()] != level),
                );
            }
        }
        if level == 1 {
            convergent.extend(
                cycle
                    .iter()
                    .copied()
                    .filter(|&x| f.block_insts(x).any(|i| crate::convergence::is_convergent_op(m, f, f.dfg().inst(i)))),
            );
        }
        if !convergent.iter().any(|x| held[x.index()] == level) {
            return true;
        }
        let mut entries = cycle.iter().copied().filter(|&x| cfg.preds(x).iter().any(|p| held[p.index()] != level));
        let (Some(h), None) = (entries.next(), entries.next()) else { return false };
        if h == b {
            return false;
        }
        header = Some(h);
    }
}
