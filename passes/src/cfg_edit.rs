//! CFG edits passes share: folding a block into its only predecessor, as
//! LLVM's `MergeBlockIntoPredecessor` does after unrolling and threading.
//! Every fold asks the oracle ([`Query::MergeBlocks`]) first.
//!
//! [`Query::MergeBlocks`]: opt_conv_legality::oracle::Query::MergeBlocks

use opt_conv_ir::analysis::FunctionAnalyses;
use opt_conv_ir::edit::{Replacements, remove_inst};
use opt_conv_ir::{Block, EntitySet, Function, Inst, InstData, InstKind, Module, SecondaryMap, Type, Value};
use opt_conv_legality::oracle::{Oracle, Refusal, Verdict};

/// Folds `b` into its only predecessor if that predecessor branches only to
/// `b` and the oracle allows it: `b`'s phis (one incoming each) are replaced
/// by their values, its instructions appended to the predecessor, and its
/// successors' phis told the edge now comes from the predecessor. Returns
/// the predecessor that absorbed `b`.
pub fn merge_into_predecessor(m: &Module, f: &mut Function, b: Block) -> Option<Block> {
    let cfg = f.cfg();
    let p = match cfg.preds(b) {
        [p] => *p,
        _ => return None,
    };
    if p == b || cfg.succs(p) != [b] || f.entry_block() == Some(b) || !ends_in_plain_branch(f, p) {
        return None;
    }
    if let Verdict::Refused(r) = Oracle::block_merge(m, f, p, b) {
        tracing::debug!(target: "opt_conv::cfg", "not folding: {r}");
        return None;
    }
    let succs: Vec<Block> = cfg.succs(b).to_vec();
    fold_single_entry_phis(f, b);
    if let Some(t) = f.terminator(p) {
        remove_inst(f, t);
    }
    let layout = f.layout_mut();
    layout.move_all_to_end(b, p);
    layout.remove_block(b);
    f.update_cfg(cfg, &[p, b]);
    for s in succs {
        f.retarget_phis_of(s, b, p);
    }
    Some(p)
}

/// The merge of [`merge_into_predecessor`] the other way round: `p`, the
/// only predecessor of `b` and branching only to it, joins `b` at its
/// front, and `b` keeps its name and place. The same CFG and the same
/// instructions in the same order, but the cost is `p`'s length rather than
/// `b`'s: for a short block before a long one (an inlined callee's return
/// block before the code after the call). Not for the entry block. Whether
/// it merged.
pub fn merge_into_successor(m: &Module, f: &mut Function, p: Block, b: Block) -> bool {
    let cfg = f.cfg();
    if p == b || cfg.preds(b) != [p] || cfg.succs(p) != [b] || f.entry_block() == Some(p) || !ends_in_plain_branch(f, p)
    {
        return false;
    }
    if let Verdict::Refused(r) = Oracle::block_merge(m, f, p, b) {
        tracing::debug!(target: "opt_conv::cfg", "not folding: {r}");
        return false;
    }
    fold_single_entry_phis(f, b);
    let t = f.terminator(p).expect("p branches to b");
    let first = f.layout().first_inst(b).expect("b has a terminator");
    // Records before `p`'s branch come right before `b`'s first instruction.
    let mut recs = f.layout_mut_preserving_cfg().take_dbg_records(t);
    remove_inst(f, t);
    let insts: Vec<Inst> = f.block_insts(p).collect();
    let layout = f.layout_mut();
    for i in insts {
        layout.move_inst_before(i, first);
    }
    if !recs.is_empty() {
        recs.extend(layout.take_dbg_records(first));
        layout.set_dbg_records(first, recs);
    }
    layout.remove_block(p);
    let mut preds: Vec<Block> = cfg.preds(p).to_vec();
    preds.dedup();
    for &q in &preds {
        retarget(f, q, p, b);
    }
    preds.extend([p, b]);
    f.update_cfg(cfg, &preds);
    true
}

/// Whether `b` ends in a `br` or `switch`: a terminator that only chooses a
/// successor, which folding may delete. A `callbr` with one destination
/// still runs its assembly and defines its result.
fn ends_in_plain_branch(f: &Function, b: Block) -> bool {
    f.terminator(b).is_some_and(|t| matches!(f.dfg().inst(t).kind, InstKind::Br | InstKind::Switch))
}

/// What became of a request to fold blocks.
#[derive(Debug)]
pub enum Fold {
    /// Done.
    Folded,
    /// The blocks are not in the shape the fold needs.
    NotApplicable,
    /// The oracle refused (with its reason).
    Refused(Refusal),
}

/// Folds `pred`, the only predecessor of `b`, into `b` when `pred` branches
/// only to `b`, as LLVM's `MergeBasicBlockIntoOnlyPred` does (jump threading
/// uses it): `pred`'s instructions go to the top of `b`, `pred`'s
/// predecessors branch to `b`, and `b` keeps its name (and takes `pred`'s
/// place if `pred` was the entry). Asks the oracle first. When `pred` is the
/// larger block, `b`'s instructions move instead, to the same result.
pub fn merge_only_predecessor_into(m: &Module, f: &mut Function, b: Block) -> Fold {
    let cfg = f.cfg();
    let pred = match cfg.preds(b) {
        [p] => *p,
        _ => return Fold::NotApplicable,
    };
    if pred == b || cfg.succs(pred) != [b] || !ends_in_plain_branch(f, pred) {
        return Fold::NotApplicable;
    }
    if let Verdict::Refused(r) = Oracle::block_merge(m, f, pred, b) {
        tracing::debug!(target: "opt_conv::cfg", "not folding: {r}");
        return Fold::Refused(r);
    }
    fold_single_entry_phis(f, b);
    if let Some(t) = f.terminator(pred) {
        remove_inst(f, t);
    }
    if f.layout().block_len(pred) > f.layout().block_len(b) {
        // Move the smaller block: merging down a long chain would otherwise
        // carry the growing block along at every step (quadratic).
        absorb_into_pred(f, pred, b);
        f.update_cfg(cfg, &[pred, b]);
        return Fold::Folded;
    }
    let pred_preds: Vec<Block> = cfg.preds(pred).to_vec();
    let moved: Vec<Inst> = f.block_insts(pred).collect();
    let first = f.layout().first_inst(b);
    let layout = f.layout_mut();
    for i in moved {
        match first {
            Some(x) => layout.move_inst_before(i, x),
            None => layout.move_inst_to_end(i, b),
        }
    }
    if layout.entry_block() == Some(pred) {
        layout.move_block_before(b, pred);
    }
    layout.remove_block(pred);
    for &p in &pred_preds {
        retarget(f, p, pred, b);
    }
    let mut touched = pred_preds;
    touched.extend([pred, b]);
    f.update_cfg(cfg, &touched);
    Fold::Folded
}

/// What the caller of [`forward_empty_block`] knows about reachability.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reachability {
    /// Every block in the layout is reachable from the entry (the caller
    /// removed unreachable blocks and has removed no edge since). Then the
    /// phis of an empty block whose successor has another way in can be
    /// used only by that successor's phis, and nothing needs computing.
    All,
    /// Nothing is known: reachability, and if need be every use in the
    /// function, are computed (linear in the function, per call).
    Unknown,
}

/// The other direction of [`merge_only_predecessor_into`], with the same
/// result: `b`'s instructions go to the end of `pred` (which has lost its
/// terminator), `pred` takes `b`'s place in the layout (unless it is the
/// entry) and its name, and `b`'s successors see `pred` as their
/// predecessor. Costs `b`'s size and its successors' phis.
fn absorb_into_pred(f: &mut Function, pred: Block, b: Block) {
    let succs: Vec<Block> = f.terminator(b).map(|t| f.dfg().inst(t).blocks.to_vec()).unwrap_or_default();
    let moved: Vec<Inst> = f.block_insts(b).collect();
    let layout = f.layout_mut();
    for i in moved {
        layout.move_inst_to_end(i, pred);
    }
    if layout.entry_block() != Some(pred) {
        layout.move_block_before(pred, b);
    }
    layout.remove_block(b);
    let name = f.dfg().block_name(b).map(str::to_owned);
    f.dfg_mut_preserving_cfg().set_block_name(b, None);
    f.dfg_mut_preserving_cfg().set_block_name(pred, name.as_deref());
    let mut seen: Vec<Block> = Vec::new();
    for s in succs {
        if seen.contains(&s) {
            continue;
        }
        seen.push(s);
        f.retarget_phis_of(s, b, pred);
    }
}

/// Removes `b` when it holds nothing but phis and `br label %S`, sending
/// its predecessors straight to `S` (LLVM's
/// `TryToSimplifyUncondBranchFromEmptyBlock`). Not done when `S`'s phis
/// would need two values from one predecessor, or `b`'s phis are used
/// other than by `S`'s. An unnamed `S` takes `b`'s name. No instruction
/// moves, so no convergence question arises. `S` must not be a cycle header (a back edge into `S` would let
/// `b` dominate the cycle, whose code may then use `b`'s phis), unless the caller checked that every use of
/// `b`'s phis is in a phi of `S` on the edge from `b` (as jump threading across loop headers does).
pub fn forward_empty_block(f: &mut Function, b: Block, reach: Reachability) -> bool {
    forward_empty_block_as(f, b, reach, Forwarding::default())
}

/// How [`forward_empty_block_as`] rewrites the phis.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Forwarding {
    /// The successor's phis lose their entry for the forwarded block (their
    /// last entry taking its place) and get those of its predecessors at
    /// their end, the last predecessor first (LLVM's order: the entry
    /// removed, the predecessors' added in use-list order), rather than in
    /// its place, in predecessor order.
    pub append_entries: bool,
    /// When the successor has no other way in, the block's phis move into
    /// it (after its own), whatever uses them: the successor keeps its
    /// name and place (LLVM's `TryToSimplifyUncondBranchFromEmptyBlock`),
    /// rather than leaving the block to be merged with its successor.
    pub move_phis_into_only_successor: bool,
}

/// [`forward_empty_block`], with the phis rewritten as `how` says.
pub fn forward_empty_block_as(f: &mut Function, b: Block, reach: Reachability, how: Forwarding) -> bool {
    let Some(t) = f.terminator(b) else { return false };
    let succ = match (&f.dfg().inst(t).kind, f.dfg().inst(t).blocks.as_slice()) {
        (InstKind::Br, [s]) => *s,
        _ => return false,
    };
    if succ == b || f.entry_block() == Some(b) || f.first_non_phi(b) != Some(t) {
        return false;
    }
    let cfg = f.cfg();
    let preds: Vec<Block> = cfg.preds(b).to_vec();
    if preds.is_empty() {
        return false;
    }
    let own: Vec<Inst> = f.phis(b).collect();
    let own_results: Vec<Value> = own.iter().filter_map(|&p| f.dfg().inst_result(p)).collect();
    // The value `v` (coming from `b`) has on the edge from `p`.
    let through = |f: &Function, v: Value, p: Block| -> Value {
        match own.iter().find(|&&phi| f.dfg().inst_result(phi) == Some(v)) {
            Some(&phi) => {
                let d = f.dfg().inst(phi);
                d.blocks.iter().position(|&x| x == p).map_or(v, |k| d.args[k])
            }
            None => v,
        }
    };
    let succ_phis: Vec<Inst> = f.phis(succ).collect();
    for &sp in &succ_phis {
        let d = f.dfg().inst(sp);
        let Some(k) = d.blocks.iter().position(|&x| x == b) else { return false };
        let v = d.args[k];
        for &p in &preds {
            if let Some(j) = d.blocks.iter().position(|&x| x == p)
                && d.args[j] != through(f, v, p)
            {
                return false;
            }
        }
    }
    if !own_results.is_empty() {
        let other_way_in = cfg.preds(succ).iter().any(|&p| p != b);
        let used_elsewhere = if other_way_in && reach == Reachability::All {
            // `b` dominates only itself, and there is no unreachable code.
            false
        } else if !other_way_in {
            // `succ` has no other way in: the phis move into it, or it will
            // rather be merged into `b` (no whole-function use scan for that).
            !how.move_phis_into_only_successor
        } else if f.tracks_uses() {
            // The uses are at hand: exactly what the scan below finds.
            let mut elsewhere = false;
            for &r in &own_results {
                let users = f.users_of(r);
                elsewhere |= users.iter().any(|u| !succ_phis.contains(u)) || succ_phis.is_empty() && !users.is_empty();
            }
            elsewhere
        } else if cfg.is_reachable(b) && cfg.preds(succ).iter().any(|&p| p != b && cfg.is_reachable(p)) {
            // `b` falls through to a block that is also reached without it,
            // so `b` dominates only itself: reachable code can use its phis
            // only in `succ`'s phis. Unreachable code may use anything.
            f.layout()
                .blocks()
                .filter(|&x| !cfg.is_reachable(x))
                .flat_map(|x| f.block_insts(x))
                .any(|i| f.dfg().inst(i).args.iter().any(|a| own_results.contains(a)))
        } else {
            let uses = opt_conv_ir::analysis::Uses::compute(f);
            let elsewhere = own_results.iter().any(|&r| uses.users(r).iter().any(|u| !succ_phis.contains(u)));
            elsewhere || succ_phis.is_empty() && own_results.iter().any(|&r| uses.is_used(r))
        };
        if used_elsewhere {
            return false;
        }
    }
    for &sp in &succ_phis {
        let d = f.dfg().inst(sp).clone();
        let v = d.incoming(b).expect("checked");
        let mut incoming: Vec<(Value, Block)> = Vec::new();
        if how.append_entries {
            // LLVM's removal puts the last entry in the removed one's place.
            incoming.extend(d.args.iter().copied().zip(d.blocks.iter().copied()));
            let k = incoming.iter().position(|&(_, blk)| blk == b).expect("checked");
            incoming.swap_remove(k);
            incoming.extend(preds.iter().rev().map(|&p| (through(f, v, p), p)));
        } else {
            for (a, blk) in d.args.iter().zip(&d.blocks) {
                if *blk == b {
                    incoming.extend(preds.iter().map(|&p| (through(f, v, p), p)));
                } else {
                    incoming.push((*a, *blk));
                }
            }
        }
        f.set_incoming(sp, incoming);
    }
    let mut touched: Vec<Block> = Vec::new();
    for p in preds {
        if !touched.contains(&p) {
            touched.push(p);
        }
    }
    for &p in &touched {
        retarget(f, p, b, succ);
    }
    if !own.is_empty() && how.move_phis_into_only_successor && !cfg.preds(succ).iter().any(|&p| p != b) {
        let at = f.first_non_phi(succ).expect("a block ends in a terminator");
        let layout = f.layout_mut_preserving_cfg();
        for &phi in &own {
            layout.move_inst_before(phi, at);
        }
    }
    // As in LLVM, an unnamed successor takes the name of the block removed.
    if f.dfg().block_name(succ).is_none()
        && let Some(name) = f.dfg().block_name(b).map(str::to_owned)
    {
        f.dfg_mut_preserving_cfg().set_block_name(b, None);
        f.dfg_mut_preserving_cfg().set_block_name(succ, Some(&name));
    }
    f.remove_block(b);
    touched.push(b);
    f.update_cfg(cfg, &touched);
    true
}

/// The successor a `br i1 <constant>` ending `b` takes.
pub fn constant_branch_target(f: &Function, b: Block) -> Option<Block> {
    let d = f.dfg().inst(f.terminator(b)?);
    if !d.is_cond_br() {
        return None;
    }
    let c = f.dfg().value_const(d.args[0]).and_then(opt_conv_ir::Const::as_int)?;
    Some(if c != 0 { d.blocks[0] } else { d.blocks[1] })
}

/// Whether `b` may branch only to `keep`, its other successors being never
/// taken: removing those edges may still change an irreducible cycle, and
/// with it who communicates ([`Oracle::edge_removal`], rule
/// `irreducible-edge`).
///
/// `known`: where the cycles were when the caller's sweep started
/// ([`CycleBlocks`]); a block in none of them needs no question (the cycles, computed anew after each fold, would make folding
/// many branches of a huge function quadratic). Debug builds check the
/// shortcut against the question on small functions. A refusal names
/// blocks as printed only with `exact_names` (a whole-function numbering).
pub fn may_fold_to(
    m: &Module,
    f: &Function,
    b: Block,
    keep: Block,
    known: Option<&CycleBlocks>,
    exact_names: bool,
) -> Result<(), Refusal> {
    let mut dead: Vec<Block> = f.successors(b).iter().copied().filter(|&s| s != keep).collect();
    dead.dedup();
    may_remove_edges(m, f, b, &dead, known, exact_names)
}

/// [`may_fold_to`] given the edges dropped: from `b` to each of `dead`.
pub fn may_remove_edges(
    m: &Module,
    f: &Function,
    b: Block,
    dead: &[Block],
    known: Option<&CycleBlocks>,
    exact_names: bool,
) -> Result<(), Refusal> {
    if known.is_some_and(|k| !k.may_be_cyclic(b)) {
        #[cfg(debug_assertions)]
        if f.layout().num_blocks() <= 200 {
            assert!(
                matches!(Oracle::edge_removal(m, f, b, dead, false), Verdict::Legal(_)),
                "{b:?} is in no cycle known at the sweep's start, and the oracle refuses its fold"
            );
        }
        return Ok(());
    }
    match Oracle::edge_removal(m, f, b, dead, exact_names) {
        Verdict::Refused(r) => Err(r),
        Verdict::Legal(_) => Ok(()),
    }
}

/// Whether the empty block `b` may be forwarded to its successor
/// ([`Oracle::block_forwarding`], rule `irreducible-edge`): the oracle
/// refuses only a block in a cycle, and asks for the cycles as they are
/// now, computed over the whole function after each change.
///
/// `known`: where the cycles were when the caller's sweep started
/// ([`CycleBlocks`]); a block in none of them is in none now and needs no
/// question, and the cycles through one in some lie within its outermost
/// one then (and blocks made since), so the oracle looks for them there
/// ([`Oracle::block_forwarding_within`]) before it computes the whole
/// function's cycles: asking per forwarded block would make a huge
/// function quadratic. Debug builds check both shortcuts against the
/// question on small functions.
pub fn may_forward(
    m: &Module,
    f: &Function,
    b: Block,
    known: Option<&CycleBlocks>,
    exact_names: bool,
) -> Result<(), Refusal> {
    if known.is_some_and(|k| !k.may_be_cyclic(b)) {
        #[cfg(debug_assertions)]
        if f.layout().num_blocks() <= 200 {
            assert!(
                f.cycles().cycle_of(b).is_none(),
                "{b:?} is in no cycle known at the sweep's start, and is in one now"
            );
        }
        return Ok(());
    }
    let verdict = match known {
        Some(k) => Oracle::block_forwarding_within(m, f, b, &|x| k.may_share_cycle(b, x), exact_names),
        None => Oracle::block_forwarding(m, f, b, exact_names),
    };
    match verdict {
        Verdict::Refused(r) => Err(r),
        Verdict::Legal(_) => Ok(()),
    }
}

/// Where the cycles of a function were at the start of a sweep, and which
/// blocks existed then. Removing edges, merging a block into its only
/// predecessor, forwarding an empty block and splitting an edge put no two
/// blocks that existed on a cycle together unless they were (a cycle
/// afterwards maps to a cycle before), and neither does copying a block
/// that is no cycle's entry for some of its predecessors (a cycle through
/// the copy maps to one through the original). A block made since is not
/// known, and may be anywhere.
pub struct CycleBlocks {
    /// The outermost cycle of each block in one.
    outermost: SecondaryMap<Block, Option<opt_conv_ir::analysis::cycles::CycleId>>,
    existing: usize,
}

impl CycleBlocks {
    /// Where the cycles of `f` are now.
    pub fn of(f: &Function) -> CycleBlocks {
        let cycles = f.cycles();
        let mut outermost = SecondaryMap::with_default(None);
        for c in cycles.cycles().filter(|&c| cycles.parent(c).is_none()) {
            for &b in cycles.blocks(c) {
                outermost[b] = Some(c);
            }
        }
        CycleBlocks { outermost, existing: f.dfg().num_blocks() }
    }

    fn is_new(&self, b: Block) -> bool {
        opt_conv_ir::entity::EntityRef::index(b) >= self.existing
    }

    /// Whether `b` may be in a cycle.
    pub fn may_be_cyclic(&self, b: Block) -> bool {
        self.is_new(b) || self.outermost[b].is_some()
    }

    /// Whether `a` and `b` may be on a cycle together.
    pub fn may_share_cycle(&self, a: Block, b: Block) -> bool {
        self.is_new(a) || self.is_new(b) || self.outermost[a].is_some() && self.outermost[a] == self.outermost[b]
    }
}

/// Turns `br i1 <constant>, %T, %F` ending `b` into `br label` to the
/// successor taken, dropping one entry for `b` from the other's phis.
pub fn fold_constant_branch(f: &mut Function, b: Block) -> bool {
    let Some(t) = f.terminator(b) else { return false };
    let d = f.dfg().inst(t);
    if !d.is_cond_br() {
        return false;
    }
    let Some(c) = f.dfg().value_const(d.args[0]).and_then(opt_conv_ir::Const::as_int) else { return false };
    let (taken, dead) = if c != 0 { (d.blocks[0], d.blocks[1]) } else { (d.blocks[1], d.blocks[0]) };
    let before = f.cfg();
    // One edge goes, even when both led to the same block: a phi has one
    // entry per edge, so that block keeps one entry for `b`, not two.
    f.remove_incoming_once_in_phis_of(dead, b);
    f.set_branch(t, None, &[taken]);
    f.update_cfg(before, &[b]);
    true
}

/// Removes every block not reachable from the entry, with its instructions,
/// and the incoming entries of reachable phis from them. Returns whether any
/// block was removed.
pub fn remove_unreachable_blocks(f: &mut Function) -> bool {
    remove_unreachable_blocks_keeping(f, &EntitySet::new())
}

/// [`remove_unreachable_blocks`], but the blocks of `keep` (whose address
/// is taken: a `blockaddress` names them) stay: one not reachable is
/// emptied to a lone `unreachable` instead (nothing can jump to it: an
/// `indirectbr` lists every block it may go to among its successors).
/// Such a block, already empty, is not a change.
pub fn remove_unreachable_blocks_keeping(f: &mut Function, keep: &EntitySet<Block>) -> bool {
    let cfg = f.cfg();
    let Some(entry) = f.entry_block() else { return false };
    let mut reach: EntitySet<Block> = EntitySet::new();
    let mut stack = vec![entry];
    reach.insert(entry);
    while let Some(b) = stack.pop() {
        for &s in cfg.succs(b) {
            if reach.insert(s) {
                stack.push(s);
            }
        }
    }
    let emptied = |f: &Function, b: Block| {
        f.layout().block_len(b) == 1
            && f.terminator(b).is_some_and(|t| f.dfg().inst(t).kind == InstKind::Unreachable)
            && f.layout().first_inst(b).is_some_and(|i| f.layout().dbg_records(i).is_empty())
    };
    let settled = |f: &Function, b: Block| reach.contains(b) || (keep.contains(b) && emptied(f, b));
    let dead: Vec<Block> = f.layout().blocks().filter(|&b| !settled(f, b)).collect();
    if dead.is_empty() {
        return false;
    }
    let mut targets: Vec<Block> = Vec::new();
    for &b in &dead {
        for &s in cfg.succs(b) {
            if reach.contains(s) && !targets.contains(&s) {
                targets.push(s);
            }
        }
    }
    // As LLVM's `removePredecessor`: a phi left merging one value (itself
    // aside) is replaced by it.
    let mut merged = Replacements::new();
    for s in targets {
        let phis: Vec<Inst> = f.phis(s).collect();
        for p in phis {
            f.retain_incoming(p, |_, from| reach.contains(from));
            let d = f.dfg().inst(p);
            let me = d.result().expect("a phi has a result");
            if let Some(v) = phi_constant_value(d, me) {
                merged.insert(me, v);
                remove_inst(f, p);
            }
        }
    }
    merged.apply(f);
    for &b in &dead {
        if keep.contains(b) {
            f.empty_block(b);
            let u = f.dfg_mut().make_inst(InstData::new(InstKind::Unreachable, &[], &[]), Type::VOID);
            f.layout_mut().append_inst(u, b);
        } else {
            f.remove_block(b);
        }
    }
    f.update_cfg(cfg, &dead);
    true
}

/// The one value phi `d` (whose result is `me`) merges, itself aside, if
/// there is one (LLVM's `hasConstantValue`).
pub fn phi_constant_value(d: &InstData, me: Value) -> Option<Value> {
    let mut v = d.args[0];
    for &a in &d.args[1..] {
        if a != v && a != me {
            if v != me {
                return None;
            }
            v = a;
        }
    }
    (v != me).then_some(v)
}

/// In the terminator of `p` (if it has one), every `old` successor becomes `new`.
pub fn retarget(f: &mut Function, p: Block, old: Block, new: Block) {
    if let Some(t) = f.terminator(p) {
        f.retarget_successor(t, old, new);
    }
}

/// Replaces the phis of `b`, which has a single predecessor, by their one
/// incoming value.
fn fold_single_entry_phis(f: &mut Function, b: Block) {
    let mut repl = Replacements::new();
    let phis: Vec<Inst> = f.phis(b).collect();
    for &phi in &phis {
        repl.insert(f.dfg().inst_result(phi).expect("a phi has a result"), f.dfg().inst(phi).args[0]);
    }
    for phi in phis {
        remove_inst(f, phi);
    }
    repl.apply(f);
}

/// Redirects the edges from `preds` to `b` through a new block
/// `<b><suffix>` before `b`, as LLVM's `SplitBlockPredecessors`: a
/// phi of `b` whose values on those edges agree takes that value from the
/// new block, else a new phi `<name>.ph` of the new block merges them.
/// Returns the new block.
pub fn split_predecessors(f: &mut Function, b: Block, preds: &[Block], suffix: &str) -> Block {
    let before = f.cfg();
    let name = format!("{}{suffix}", f.dfg().block_name(b).unwrap_or(""));
    let nb = f.dfg_mut().make_block(Some(&name));
    f.layout_mut().insert_block_before(nb, b);
    let br = f.dfg_mut().make_inst(InstData::new(InstKind::Br, &[], &[b]), Type::VOID);
    f.layout_mut().append_inst(br, nb);
    let dbg = f.block_insts(b).find(|&i| !f.dfg().inst(i).is_phi()).and_then(|i| f.dfg().inst_md(i, "dbg"));
    f.dfg_mut().set_inst_md(br, "dbg", dbg);
    for phi in f.phis(b).collect::<Vec<_>>() {
        let d = f.dfg().inst(phi).clone();
        let ty = f.dfg().value_type(d.result().expect("a phi has a result"));
        let moved: Vec<(Value, Block)> =
            d.args.iter().copied().zip(d.blocks.iter().copied()).filter(|(_, p)| preds.contains(p)).collect();
        let mut kept: Vec<(Value, Block)> =
            d.args.iter().copied().zip(d.blocks.iter().copied()).filter(|(_, p)| !preds.contains(p)).collect();
        let v = if moved.iter().all(|(v, _)| *v == moved[0].0) {
            moved[0].0
        } else {
            let args: Vec<Value> = moved.iter().rev().map(|m| m.0).collect();
            let blocks: Vec<Block> = moved.iter().rev().map(|m| m.1).collect();
            let np = f.dfg_mut().make_inst(InstData::new(d.kind.clone(), &args, &blocks), ty);
            f.layout_mut().insert_inst_before(np, br);
            let nv = f.dfg().inst_result(np).expect("a phi has a result");
            let n = f.dfg().value_name(d.result().expect("a phi has a result")).map(|n| format!("{n}.ph"));
            f.dfg_mut_preserving_cfg().set_value_name(nv, n.as_deref());
            nv
        };
        kept.push((v, nb));
        f.set_incoming(phi, kept);
    }
    let mut done: Vec<Block> = Vec::new();
    for &p in preds {
        if done.contains(&p) {
            continue;
        }
        done.push(p);
        let t = f.terminator(p).expect("a predecessor has a terminator");
        f.retarget_successor(t, b, nb);
    }
    // The retargeted predecessors' successors changed too.
    done.push(nb);
    f.update_cfg(before, &done);
    nb
}

#[cfg(test)]
mod tests {
    use super::{Fold, Reachability, forward_empty_block, merge_only_predecessor_into};
    use opt_conv_ir::{parse_module, print_module, verify_module};

    const SHARED_SUCC: &str = "define i32 @f(i1 %c, i1 %d, i32 %x) {\n\
        entry:\n  br i1 %c, label %a, label %b\n\
        a:\n  br i1 %d, label %join, label %exit\n\
        b:\n  br label %join\n\
        join:\n  %p = phi i32 [ 1, %a ], [ %x, %b ]\n  br label %exit\n\
        exit:\n  %q = phi i32 [ %p, %join ], [ 0, %a ]\n  ret i32 %q\n\
        USE}\n";

    #[test]
    fn an_empty_block_with_phis_is_forwarded_into_a_shared_successor() {
        let (mut m, _) = parse_module("t.ll", &SHARED_SUCC.replace("USE", "")).unwrap();
        let fid = m.func_by_name("f").unwrap();
        let mut f = m.take_body(fid).unwrap();
        let join = f.block_by_name("join").unwrap();
        // %a reaches %exit both directly and through %join with different
        // values: not forwardable. Make %a's direct edge carry %p's value.
        assert!(!forward_empty_block(&mut f, join, Reachability::Unknown));
        m.set_body(fid, f);

        let src = SHARED_SUCC.replace("USE", "").replace("[ 0, %a ]", "[ 1, %a ]");
        let (mut m, _) = parse_module("t.ll", &src).unwrap();
        let mut f = m.take_body(fid).unwrap();
        let join = f.block_by_name("join").unwrap();
        assert!(forward_empty_block(&mut f, join, Reachability::Unknown));
        assert!(!f.layout().is_block_inserted(join));
        m.set_body(fid, f);
        verify_module(&m).unwrap();
    }

    #[test]
    fn a_caller_that_knows_every_block_is_reachable_gets_the_same_answer() {
        for (from_a, forwarded) in [("[ 0, %a ]", false), ("[ 1, %a ]", true)] {
            let src = SHARED_SUCC.replace("USE", "").replace("[ 0, %a ]", from_a);
            let (mut m, _) = parse_module("t.ll", &src).unwrap();
            let fid = m.func_by_name("f").unwrap();
            let mut f = m.take_body(fid).unwrap();
            let join = f.block_by_name("join").unwrap();
            assert_eq!(forward_empty_block(&mut f, join, Reachability::All), forwarded, "{from_a}");
            m.set_body(fid, f);
            verify_module(&m).unwrap();
        }
    }

    #[test]
    fn a_use_in_unreachable_code_keeps_the_block() {
        let src = SHARED_SUCC
            .replace("[ 0, %a ]", "[ 1, %a ]")
            .replace("USE", "dead:\n  %u = add i32 %p, 1\n  br label %dead\n");
        let (mut m, _) = parse_module("t.ll", &src).unwrap();
        let fid = m.func_by_name("f").unwrap();
        let mut f = m.take_body(fid).unwrap();
        let join = f.block_by_name("join").unwrap();
        assert!(!forward_empty_block(&mut f, join, Reachability::Unknown));
    }

    /// A long block falling through to a short one: the short one's
    /// instructions move (a chain of merges would otherwise move the growing
    /// block at every step), with the result the other direction gives.
    #[test]
    fn the_smaller_block_is_the_one_that_moves() {
        let src = "define i32 @f(i1 %c, i32 %x) {\n\
            entry:\n  br i1 %c, label %long, label %exit\n\
            long:\n  %a = add i32 %x, 1\n  %b = add i32 %a, 2\n  %c2 = add i32 %b, 3\n  br label %short\n\
            short:\n  %d = mul i32 %c2, 5\n  br i1 %c, label %exit, label %exit\n\
            exit:\n  %p = phi i32 [ 0, %entry ], [ %d, %short ], [ %d, %short ]\n  ret i32 %p\n}\n";
        let (mut m, _) = parse_module("t.ll", src).unwrap();
        let fid = m.func_by_name("f").unwrap();
        let mut f = m.take_body(fid).unwrap();
        let (long, short) = (f.block_by_name("long").unwrap(), f.block_by_name("short").unwrap());
        let a = f.block_insts(long).next().unwrap();
        assert!(matches!(merge_only_predecessor_into(&m, &mut f, short), Fold::Folded));
        // %a did not move: the block that holds it took `short`'s place.
        assert_eq!(f.layout().inst_block(a), Some(long));
        assert!(!f.layout().is_block_inserted(short));
        m.set_body(fid, f);
        verify_module(&m).unwrap();
        let text = print_module(&m);
        assert!(text.contains("\nshort:"), "{text}");
        assert!(!text.contains("\nlong:"), "{text}");
        assert!(text.contains("[ %d, %short ], [ %d, %short ]"), "{text}");
        let order: Vec<usize> = ["entry:", "short:", "exit:"].iter().map(|l| text.find(l).unwrap()).collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]), "{text}");
    }
}
