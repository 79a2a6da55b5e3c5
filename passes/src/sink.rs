//! `sink`: LLVM's Sink pass, convergence-aware.
//!
//! As LLVM's: each instruction of a reachable block moves to the nearest
//! common dominator of its uses when that block is dominated by its own and
//! is not in a loop it is not already in; instructions that write memory,
//! may unwind or not return, phis, terminators and static allocas stay. A
//! load stays above a write below it in its block that may write what it
//! reads (a store, asked through [`alias`]: distinct objects do not
//! overlap; any other write); other memory readers stay above any write. A
//! target with several predecessors takes no memory reads but
//! `!invariant.load` ones.
//! Blocks are walked bottom-up, and the function until nothing moves.
//!
//! Where LLVM refuses every convergent call, we ask the legality oracle:
//! a convergent operation sinks across branches that are uniform for its
//! threads, and an anchor sinks together with all the users of its token.
//! If the deepest target is refused, shallower ones on the dominator path
//! are tried. Refusals are missed remarks naming the rule.

use crate::pass::{FunctionCx, FunctionPass, PassError};
use crate::remarks::{Remark, RemarkKind, block_label, inst_label};
use opt_conv_ir::analysis::{CycleId, CycleInfo, DomTree, FunctionAnalyses, Uses, alias};
use opt_conv_ir::edit::move_to_block_start;
use opt_conv_ir::effects::inst_effects;
use opt_conv_ir::{Block, Changes, EntitySet, FuncId, Function, Inst, InstKind, Module};
use opt_conv_legality::oracle::{InsertPoint, Oracle, Query, Refusal, Rule, Verdict};
use opt_conv_legality::{ConvOp, TokenKind};

/// The pass.
pub struct Sink;

impl FunctionPass for Sink {
    fn name(&self) -> &'static str {
        "sink"
    }
    fn class_name(&self) -> &'static str {
        "SinkingPass"
    }
    fn run(&self, f: &mut Function, cx: &mut FunctionCx<'_>) -> Result<Changes, PassError> {
        let name = cx.func_name();
        let mut s = Sinker {
            m: cx.module,
            fid: cx.func,
            oracle: Oracle::new(cx.module, cx.func, f).explaining(
                cx.remarks.wants("sink") || tracing::enabled!(target: "opt_conv::sink", tracing::Level::DEBUG),
            ),
            remarks: Vec::new(),
            refused: EntitySet::new(),
        };
        let mut changed = false;
        loop {
            let moved = s.sink_once(f);
            changed |= moved;
            if !moved {
                break;
            }
        }
        for (kind, block, message) in s.remarks {
            let block = block.trim_start_matches('%').to_owned();
            cx.remarks.emit(Remark { kind, pass: "sink", function: name.clone(), block: Some(block), message });
        }
        Ok(if changed { Changes::INSTS } else { Changes::NONE })
    }
}

struct Sinker<'m> {
    m: &'m Module,
    fid: FuncId,
    oracle: Oracle<'m>,
    /// `(kind, block, message)`, emitted when the pass ends.
    remarks: Vec<(RemarkKind, String, String)>,
    /// Instructions already reported as refused (once per run, not per iteration).
    refused: EntitySet<Inst>,
}

/// An instruction's sinking candidate state during one bottom-up walk.
struct Candidate {
    inst: Inst,
    /// Safe to move as far as memory and side effects go.
    safe: bool,
}

impl Sinker<'_> {
    /// One iteration over every block; whether anything moved.
    fn sink_once(&mut self, f: &mut Function) -> bool {
        // Moving instructions changes neither operands nor the CFG, so use
        // lists and dominators stay valid for the whole iteration.
        let uses = Uses::compute(f);
        let (dt, cycles, cfg) = (f.domtree(), f.cycles(), f.cfg());
        let blocks: Vec<Block> = f.layout().blocks().collect();
        let mut changed = false;
        for b in blocks {
            if cfg.succs(b).is_empty() || !cfg.is_reachable(b) {
                continue;
            }
            let insts: Vec<Inst> = f.block_insts(b).collect();
            // Instructions below that write memory (LLVM's `Stores`).
            let mut writes_below: Vec<Inst> = Vec::new();
            let mut walked: Vec<Candidate> = Vec::new();
            // Deferred refusals of users of an anchor in this block: dropped
            // if the anchor later sinks with them.
            let mut deferred: Vec<(Inst, Refusal)> = Vec::new();
            for &i in insts.iter().rev() {
                let e = inst_effects(self.m, f, i);
                let d = f.dfg().inst(i);
                let reads_under_write = e.reads && writes_below.iter().any(|&w| self.may_clobber(f, w, i));
                let pinned = d.is_terminator() || d.is_phi() || is_static_alloca(f, i);
                let safe = !e.writes && !pinned && e.transfers_execution() && !reads_under_write;
                // The block's own branch writes nothing (effects count every
                // terminator as a write, to keep code above it); an invoke's
                // or callbr's call does.
                if e.writes && (!d.is_terminator() || d.call_info().is_some()) {
                    writes_below.push(i);
                }
                walked.push(Candidate { inst: i, safe });
                // Entry and loop intrinsics never move.
                let fixed = matches!(self.oracle.convergence().def_kind(i), Some(TokenKind::Entry | TokenKind::Loop));
                if !safe || fixed {
                    continue;
                }
                let ctx = Ctx { uses: &uses, dt: &dt, cycles: &cycles };
                if self.oracle.convergence().def_kind(i) == Some(TokenKind::Anchor) {
                    if let Some(moved) = self.sink_anchor_group(f, &ctx, b, i, &walked, &mut deferred) {
                        changed = true;
                        for u in moved {
                            deferred.retain(|(x, _)| *x != u);
                        }
                    }
                    continue;
                }
                match self.sink_one(f, &ctx, b, i) {
                    Outcome::Moved => changed = true,
                    Outcome::Stayed => {}
                    Outcome::Refused(r) => {
                        let token = self.oracle.convergence().token_of(i);
                        let under_local_anchor = r.rule == Rule::PartialAnchorMove
                            && token.is_some_and(|t| f.layout().inst_block(t) == Some(b));
                        if under_local_anchor {
                            deferred.push((i, r));
                        } else if self.refused.insert(i) {
                            self.missed(f, b, i, &r);
                        }
                    }
                }
            }
            for (i, r) in deferred {
                if self.refused.insert(i) {
                    self.missed(f, b, i, &r);
                }
            }
        }
        changed
    }

    /// Whether `w`, a memory write below `i` in its block, may change what
    /// `i` reads: a non-atomic store is asked about the load's address (LLVM's
    /// `getModRefInfo` with BasicAA's rules, see
    /// [`opt_conv_ir::analysis::alias`]); any other write, or any other
    /// reader, is assumed to.
    fn may_clobber(&self, f: &Function, w: Inst, i: Inst) -> bool {
        let (wd, id) = (f.dfg().inst(w), f.dfg().inst(i));
        // (A volatile store is still a store to its own address only.)
        let InstKind::Store { atomic: None, .. } = wd.kind else { return true };
        let InstKind::Load { .. } = id.kind else { return true };
        alias::may_alias(self.m, self.fid, f, wd.args[1], id.args[0])
    }

    /// Sinks one instruction if it can.
    fn sink_one(&mut self, f: &mut Function, ctx: &Ctx<'_>, b: Block, i: Inst) -> Outcome {
        let Some(target) = ctx.target(f, &[i], b) else { return Outcome::Stayed };
        let reads = Reads::of(self.m, f, &[i]);
        let convergent = self.oracle.convergence().op(i) != ConvOp::None;
        let mut first_refusal = None;
        let mut t = target;
        while t != b {
            if ctx.acceptable(self.m, f, reads, b, t) {
                if !convergent {
                    return self.do_move(f, b, &[i], t);
                }
                match self.oracle.ask(f, &Query::Move { insts: vec![i], to: InsertPoint::BlockStart(t) }) {
                    Verdict::Legal(_) => return self.do_move(f, b, &[i], t),
                    Verdict::Refused(r) => {
                        first_refusal.get_or_insert(r);
                    }
                }
            }
            match ctx.dt.idom(t) {
                Some(p) => t = p,
                None => break,
            }
        }
        match first_refusal {
            Some(r) => Outcome::Refused(r),
            None => Outcome::Stayed,
        }
    }

    /// An anchor and every user of its token, sunk together (the spec's
    /// "Convergent operations can be sunk together with their anchor").
    /// Returns the users that moved.
    fn sink_anchor_group(
        &mut self,
        f: &mut Function,
        ctx: &Ctx<'_>,
        b: Block,
        anchor: Inst,
        walked: &[Candidate],
        deferred: &mut Vec<(Inst, Refusal)>,
    ) -> Option<Vec<Inst>> {
        let users: Vec<Inst> = self.oracle.convergence().uses_of(anchor).to_vec();
        // Users in this block move along; each must be safe to move where it is.
        let local: Vec<Inst> = users.iter().copied().filter(|&u| f.layout().inst_block(u) == Some(b)).collect();
        if !local.iter().all(|u| walked.iter().any(|c| c.inst == *u && c.safe)) {
            return None;
        }
        let mut group = vec![anchor];
        group.extend(&local);
        let target = ctx.target(f, &group, b)?;
        let reads = Reads::of(self.m, f, &group);
        let mut t = target;
        let mut first_refusal = None;
        while t != b {
            if ctx.acceptable(self.m, f, reads, b, t) {
                match self.oracle.ask(f, &Query::Move { insts: group.clone(), to: InsertPoint::BlockStart(t) }) {
                    Verdict::Legal(_) => {
                        self.do_move(f, b, &group, t);
                        return Some(local);
                    }
                    Verdict::Refused(r) => {
                        first_refusal.get_or_insert(r);
                    }
                }
            }
            match ctx.dt.idom(t) {
                Some(p) => t = p,
                None => break,
            }
        }
        if let Some(r) = first_refusal {
            if self.refused.insert(anchor) {
                self.missed(f, b, anchor, &r);
            }
            deferred.retain(|(x, _)| !local.contains(x));
        }
        None
    }

    /// Moves `group` (in order) to the start of `to` and records it.
    fn do_move(&mut self, f: &mut Function, from: Block, group: &[Inst], to: Block) -> Outcome {
        let names: Vec<String> = group.iter().map(|&i| inst_label(f, i)).collect();
        let (from_name, to_name) = (block_label(f, from), block_label(f, to));
        // Insert in order before the current first non-phi of `to`.
        for &i in group.iter().rev() {
            move_to_block_start(f, i, to);
        }
        tracing::debug!(target: "opt_conv::sink", "sank {} from {from_name} to {to_name}", names.join(", "));
        let convergent = group.iter().any(|&i| self.oracle.convergence().op(i) != ConvOp::None);
        let what = if group.len() > 1 {
            format!("sank anchor {} together with the users of its token {}", names[0], names[1..].join(", "))
        } else {
            format!("sank {}", names[0])
        };
        self.remarks.push((RemarkKind::Passed, from_name.clone(), format!("{what} from {from_name} to {to_name}")));
        if convergent {
            self.oracle.refresh(f);
        }
        Outcome::Moved
    }

    fn missed(&mut self, f: &Function, b: Block, i: Inst, r: &Refusal) {
        let what = inst_label(f, i);
        tracing::debug!(target: "opt_conv::sink", "refused to sink {what}: {r}");
        self.remarks.push((RemarkKind::Missed, block_label(f, b), format!("cannot sink {what}: {r}")));
    }
}

enum Outcome {
    Moved,
    Stayed,
    Refused(Refusal),
}

/// Analyses shared by one iteration.
struct Ctx<'a> {
    uses: &'a Uses,
    dt: &'a DomTree,
    cycles: &'a CycleInfo,
}

impl Ctx<'_> {
    /// The nearest common dominator of the uses of the results of `group`
    /// outside the group (a phi uses a value at the end of its incoming
    /// block); `None` if there are none or it is not dominated by `b`.
    fn target(&self, f: &Function, group: &[Inst], b: Block) -> Option<Block> {
        let dfg = f.dfg();
        let mut target: Option<Block> = None;
        for &g in group {
            let Some(v) = dfg.inst_result(g) else { continue };
            for &u in self.uses.users(v) {
                if group.contains(&u) {
                    continue;
                }
                let ud = dfg.inst(u);
                // A phi uses `v` at the end of each predecessor passing it.
                let phi_blocks = ud.is_phi().then(|| ud.args.iter().zip(&ud.blocks).filter(|(a, _)| **a == v));
                let use_blocks = phi_blocks.into_iter().flatten().map(|(_, &blk)| blk).chain(if ud.is_phi() {
                    None
                } else {
                    f.layout().inst_block(u)
                });
                for ub in use_blocks {
                    if !self.dt.contains(ub) {
                        continue;
                    }
                    target = match target {
                        Some(t) => self.dt.nearest_common_dominator(t, ub),
                        None => Some(ub),
                    };
                    if !target.is_some_and(|t| self.dt.dominates(b, t)) {
                        return None;
                    }
                }
            }
        }
        target.filter(|&t| t != b)
    }

    /// LLVM's `IsAcceptableTarget`: a block whose only predecessor is `b`
    /// is fine; otherwise no memory reads but invariant loads, `b` must
    /// dominate it, and it may not be in a loop that `b` is not in.
    ///
    /// Unlike LLVM, an invariant load does not go past a point where its
    /// memory may stop being valid (a call that may free, a lifetime end)
    /// on a path to the target: `!invariant.load` promises the value only
    /// while the memory is dereferenceable.
    fn acceptable(&self, m: &Module, f: &Function, reads: Reads, b: Block, t: Block) -> bool {
        let unique_pred = {
            let preds = f.cached(opt_conv_ir::analysis::Cfg::DEPS, opt_conv_ir::analysis::Cfg::compute);
            let p = preds.preds(t);
            !p.is_empty() && p.iter().all(|&x| x == b)
        };
        if unique_pred {
            return true;
        }
        if reads == Reads::Memory || !self.dt.dominates(b, t) {
            return false;
        }
        if reads == Reads::Invariant && may_free_between(m, f, b, t) {
            return false;
        }
        let (lt, lb) = (natural_loop(self.cycles, t), natural_loop(self.cycles, b));
        lt.is_none() || lt == lb
    }
}

/// What a group of instructions to sink reads.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Reads {
    /// No memory.
    Nothing,
    /// Only through `!invariant.load` loads.
    Invariant,
    /// Memory that may change.
    Memory,
}

impl Reads {
    fn of(m: &Module, f: &Function, group: &[Inst]) -> Reads {
        let mut r = Reads::Nothing;
        for &i in group {
            if !inst_effects(m, f, i).reads {
                continue;
            }
            if f.dfg().inst_md(i, "invariant.load").is_none() {
                return Reads::Memory;
            }
            r = Reads::Invariant;
        }
        r
    }
}

/// How many blocks [`may_free_between`] looks at before assuming the worst.
const FREE_SEARCH: usize = 64;

/// Whether a thread leaving `b` may free memory or end an object's
/// lifetime before it reaches `t` (every block reachable from `b` without
/// passing `t` is looked at; over [`FREE_SEARCH`] of them, yes).
fn may_free_between(m: &Module, f: &Function, b: Block, t: Block) -> bool {
    let cfg = f.cfg();
    let mut seen: EntitySet<Block> = EntitySet::new();
    let mut work: Vec<Block> = cfg.succs(b).to_vec();
    while let Some(x) = work.pop() {
        if x == t || x == b || !seen.insert(x) {
            continue;
        }
        if seen.len() > FREE_SEARCH || f.block_insts(x).any(|i| may_free(m, f, i)) {
            return true;
        }
        work.extend(cfg.succs(x).iter().copied());
    }
    false
}

/// Whether `i` may free memory or end an object's lifetime: a call not
/// known `nofree` (by its call site, its declaration or LLVM's table for
/// an intrinsic), or `llvm.lifetime.end`.
fn may_free(m: &Module, f: &Function, i: Inst) -> bool {
    let d = f.dfg().inst(i);
    let Some(ci) = d.call_info() else { return false };
    let decl = f.dfg().direct_callee(i).and_then(|g| m.func(g));
    if decl.is_some_and(|d| d.name.starts_with("llvm.lifetime.end")) {
        return true;
    }
    // As for effects: LLVM's own attributes replace a known intrinsic's
    // declared ones.
    let llvm = decl.and_then(|d| opt_conv_ir::intrinsics::llvm_function_attrs(&d.name));
    let declared = decl.filter(|d| llvm.is_none() && !opt_conv_ir::intrinsics::attrs_replaced_by_llvm(&d.name));
    let nofree = ci.fn_attrs.has("nofree")
        || declared.is_some_and(|d| d.fn_attrs.has("nofree"))
        || llvm.is_some_and(|a| a.split(' ').any(|x| x == "nofree"));
    !nofree
}

/// The innermost natural (reducible) loop containing `b`, as LLVM's
/// `LoopInfo` sees loops.
fn natural_loop(cycles: &CycleInfo, b: Block) -> Option<CycleId> {
    let mut c = cycles.cycle_of(b);
    while let Some(x) = c {
        if cycles.is_reducible(x) {
            return Some(x);
        }
        c = cycles.parent(x);
    }
    None
}

/// An `alloca` of a constant count in the entry block.
fn is_static_alloca(f: &Function, i: Inst) -> bool {
    let d = f.dfg().inst(i);
    matches!(d.kind, InstKind::Alloca { .. })
        && f.layout().inst_block(i) == f.entry_block()
        && d.args.first().is_none_or(|&a| f.dfg().value_const(a).is_some())
}
