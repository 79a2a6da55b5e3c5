//! `simplifycfg` (`SimplifyCFGPass`): LLVM's SimplifyCFG, the part of it
//! that cleans up control flow after other passes and merges the common
//! code of the arms of a branch.
//!
//! What it does, in LLVM 22's order and with its names and block layout
//! (on LLVM's own tests of these parts the output is LLVM's, up to the
//! order of `; preds =` comments and, at times, of a phi's entries):
//!
//! * unreachable blocks are deleted, first and whenever a sweep made some;
//! * the blocks ending in `ret` are merged into one block `common.ret`
//!   with a phi `common.ret.op` for the returned value (LLVM's
//!   `tailMergeBlocksWithSimilarFunctionTerminators`), before the sweeps,
//!   which then fold the forwarding blocks that leaves;
//! * sweeps over the blocks in layout order until nothing changes
//!   (`Simplifier::sweeps`): a block without predecessors is deleted; a branch on a
//!   constant, or with both arms to one block, becomes unconditional (its
//!   dead condition deleted); duplicate phis are merged; a block whose only
//!   predecessor falls through to it is merged into it; an empty block
//!   (phis and `br label`) forwards its predecessors to its successor
//!   (the successor's phis get their new entries at their end, and the
//!   block's phis move into a successor only it reaches, as in LLVM),
//!   unless that would make a loop header's preheader disappear (LLVM's
//!   `keep-loops`, on by default); the common leading instructions of the
//!   successors of a `br` or `switch` are hoisted (`hoist.rs`); under
//!   `sink-common-insts` (off by default, as in LLVM), the common trailing
//!   instructions of the predecessors that branch unconditionally to a
//!   block are sunk into it (`sink.rs`);
//!   a two-entry phi whose arms are cheap becomes a `select`
//!   (`fold_phi.rs`); a block holding only a conditional branch folds into
//!   a predecessor's branch to one of its successors (`cond_chain.rs`).
//!
//! Hoisting follows LLVM's `hoistCommonCodeFromSuccessors`: instructions
//! are compared in lockstep, identical up to flags, attributes and
//! metadata (merged with [`opt_conv_ir::merge`]), skipping at most
//! `-simplifycfg-hoist-common-skip-limit` (20) non-identical ones, and never
//! moving memory operations past ones they may not pass. Without
//! `hoist-common-insts` (the default) it hoists only when the successors
//! are identical as a whole; when the arms end in the same terminator
//! that terminator is hoisted too and the phis of its successors receive
//! `select`s on the branch condition.
//!
//! # Convergence
//!
//! LLVM refuses to hoist convergent calls. Here the legality oracle decides
//! ([`Query::Merge`] at the end of the branch block, asked for each pair
//! that would become one, convergent or not): identical convergent
//! operations in both arms of a uniform branch merge, those of a divergent
//! branch stay. Folding a phi into a `select` speculates the arms'
//! instructions ([`Query::Move`] for each), which never include a
//! convergent operation (no call is speculated, nor anything with
//! effects). Merging a block into its predecessor asks
//! [`Query::MergeBlocks`]. Forwarding an empty block, deleting unreachable
//! blocks and merging returns move no instruction. No phi is made of a
//! token: a returned token is not merged into `common.ret` (LLVM's rule
//! too), and the selects made when a terminator is hoisted replace phis,
//! which cannot hold tokens.
//!
//! Sinking ([`Query::Merge`] at the start of the join, for each pair that
//! would become one convergent operation) is the mirror image: convergent
//! calls of the arms of a uniform branch are sunk into their join, those of
//! a divergent branch stay (LLVM sinks no convergent call).
//!
//! # Not done (LLVM does it)
//!
//! The rest of SimplifyCFG: switch
//! transformations (lookup tables, ranges to compares, folding compares
//! into switches), speculating one block into its predecessor
//! (`SpeculativelyExecuteBB`), folding a branch into a predecessor's
//! (`FoldBranchToCommonDest`), threading on values known in predecessors,
//! branches implied by dominating conditions, `unreachable` handling
//! beyond deleting unreachable blocks, invoke and landing pad cleanups
//! (an `invoke` of a callee that cannot unwind, or whose landing pad only
//! resumes, stays an `invoke`; functions with landing-pad exception
//! handling are otherwise simplified as any other, those with funclet pads,
//! an `indirectbr` or taken block addresses are skipped), and hoisting a `switch` that ends every successor. The `!range`
//! of merged loads is the smallest range covering both (LLVM keeps their
//! union as a list of ranges).
//!
//! [`Query::Merge`]: opt_conv_legality::oracle::Query::Merge
//! [`Query::Move`]: opt_conv_legality::oracle::Query::Move
//! [`Query::MergeBlocks`]: opt_conv_legality::oracle::Query::MergeBlocks

mod cleanup;
mod cond_chain;
mod fold_phi;
pub(crate) mod hoist;
mod sink;

use crate::pass::{FunctionCx, FunctionPass, PassError};
use crate::registry::split_params;
use crate::remarks::{Remark, RemarkKind};
use opt_conv_ir::analysis::FunctionAnalyses;
use opt_conv_ir::{Block, Changes, EntitySet, Function, InstKind, Module};
use opt_conv_legality::oracle::Oracle;

/// The pass, with its `<params>`.
#[derive(Clone, Debug, Default)]
pub struct SimplifyCfg {
    /// `hoist-common-insts` / `no-hoist-common-insts` (default off).
    pub hoist_common_insts: Option<bool>,
    /// `sink-common-insts` / `no-sink-common-insts` (default off).
    pub sink_common_insts: Option<bool>,
    /// `keep-loops` / `no-keep-loops` (default on).
    pub keep_loops: Option<bool>,
}

/// The parameters LLVM's `simplifycfg` accepts (with `no-` for the flags).
const FLAGS: &[&str] = &[
    "speculate-blocks",
    "simplify-cond-branch",
    "forward-switch-cond",
    "switch-range-to-icmp",
    "switch-to-arithmetic",
    "switch-to-lookup",
    "keep-loops",
    "hoist-common-insts",
    "hoist-loads-stores-with-cond-faulting",
    "sink-common-insts",
    "speculate-unpredictables",
];

impl SimplifyCfg {
    /// Parses `simplifycfg<...>` as LLVM does (unknown parameters refused
    /// with LLVM's message).
    pub fn from_params(params: Option<&str>) -> Result<SimplifyCfg, String> {
        let mut s = SimplifyCfg::default();
        for (k, v) in split_params(params) {
            if let (Some(n), Some(v)) = (k.strip_prefix("bonus-inst-threshold"), v) {
                if n.is_empty() && v.parse::<i64>().is_ok() {
                    continue;
                }
                return Err(format!("invalid argument to SimplifyCFG pass bonus-threshold parameter: '{v}'"));
            }
            let (enable, name) = match k.strip_prefix("no-") {
                Some(n) => (false, n),
                None => (true, k),
            };
            if v.is_some() || !FLAGS.contains(&name) {
                let shown = match v {
                    Some(v) => format!("{k}={v}"),
                    None => k.to_owned(),
                };
                return Err(format!("invalid SimplifyCFG pass parameter '{shown}'"));
            }
            match name {
                "hoist-common-insts" => s.hoist_common_insts = Some(enable),
                "sink-common-insts" => s.sink_common_insts = Some(enable),
                "keep-loops" => s.keep_loops = Some(enable),
                _ => {}
            }
        }
        Ok(s)
    }
}

/// What one run is allowed to do (parameters, then command-line overrides).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Settings {
    pub hoist_common_insts: bool,
    pub sink_common_insts: bool,
    pub keep_loops: bool,
    pub skip_limit: u32,
}

impl FunctionPass for SimplifyCfg {
    fn name(&self) -> &'static str {
        "simplifycfg"
    }
    fn class_name(&self) -> &'static str {
        "SimplifyCFGPass"
    }
    /// No edit here moves, merges or duplicates an `invoke` or a landing
    /// pad: an `invoke` is never hoisted (only `br`, `ret` and
    /// `unreachable` terminators are) nor speculated, a landing pad's block
    /// is reached only by unwind edges, so it is never merged into a
    /// predecessor nor forwarded, and deleting a block tells both
    /// successors of its `invoke`. Forwarding an empty block redirects an
    /// `invoke`'s normal edge, as LLVM does.
    fn handles_landing_pads(&self) -> bool {
        true
    }
    fn run(&self, f: &mut Function, cx: &mut FunctionCx<'_>) -> Result<Changes, PassError> {
        let o = &cx.options.simplifycfg;
        let settings = Settings {
            // As in LLVM, the command-line flags override the parameters.
            hoist_common_insts: o.hoist_common_insts.or(self.hoist_common_insts).unwrap_or(false),
            sink_common_insts: o.sink_common_insts.or(self.sink_common_insts).unwrap_or(false),
            keep_loops: self.keep_loops.unwrap_or(true),
            skip_limit: o.hoist_common_skip_limit.unwrap_or(20),
        };
        let name = cx.func_name();
        let explain = cx.remarks.wants("simplifycfg");
        let mut s = Simplifier {
            m: cx.module,
            fid: cx.func,
            settings,
            explain,
            oracle: None,
            remarks: Vec::new(),
            edits: &mut *cx.edits,
            locations: Default::default(),
            sweep_cycles: None,
            refresh_walks: 0,
            has_convergent: None,
        };
        let changed = s.run(f);
        let remarks = std::mem::take(&mut s.remarks);
        // Each sweep asks again what an earlier one refused: say it once.
        let mut missed = rustc_hash::FxHashSet::default();
        for (kind, block, message) in remarks {
            if kind == RemarkKind::Missed && !missed.insert((block.clone(), message.clone())) {
                continue;
            }
            let block = Some(block.trim_start_matches('%').to_owned());
            cx.remarks.emit(Remark { kind, pass: "simplifycfg", function: name.clone(), block, message });
        }
        Ok(if changed { Changes::ALL } else { Changes::NONE })
    }
}

/// How many instructions bringing one function's legality oracle up to
/// date may walk in all ([`Simplifier::current_oracle`]), so that merging
/// convergent operations stays linear in a huge function: a 20,000-
/// instruction function may refresh 100 times. (Half of jump threading's:
/// here a refresh after a change to the CFG usually recomputes uniformity
/// too, several walks of the function.)
const ORACLE_REFRESH_WORK: usize = 2_000_000;

/// One run on one function.
pub(crate) struct Simplifier<'m, 'e> {
    pub m: &'m Module,
    pub fid: opt_conv_ir::FuncId,
    pub settings: Settings,
    pub explain: bool,
    /// Built on the first question.
    pub oracle: Option<Oracle<'m>>,
    pub remarks: Vec<(RemarkKind, String, String)>,
    pub edits: &'e mut crate::module_edits::ModuleEdits,
    pub locations: opt_conv_ir::debug_loc::LocationMerger,
    /// Where the cycles were at the start of the sweep (no edit of this
    /// pass puts blocks that existed then on a new cycle together).
    pub sweep_cycles: Option<crate::cfg_edit::CycleBlocks>,
    /// Instructions walked by bringing the oracle up to date so far
    /// ([`ORACLE_REFRESH_WORK`]).
    pub refresh_walks: usize,
    /// Whether the function has a convergent operation (found on first
    /// question; this pass makes none).
    pub has_convergent: Option<bool>,
}

impl<'m> Simplifier<'m, '_> {
    /// LLVM's `simplifyFunctionCFG`: unreachable blocks, return merging,
    /// then sweeps until nothing changes.
    fn run(&mut self, f: &mut Function) -> bool {
        // Forwarding an empty block asks who uses its phis: one scan of the
        // function, kept up to date, instead of one per question.
        let tracked = f.tracks_uses();
        f.track_uses();
        let changed = self.run_tracked(f);
        if !tracked {
            f.untrack_uses();
        }
        changed
    }

    fn run_tracked(&mut self, f: &mut Function) -> bool {
        let mut ever = cleanup::remove_unreachable(f);
        ever |= cleanup::merge_returns(self.m, f);
        ever |= self.sweeps(f);
        if !ever {
            return false;
        }
        if !cleanup::remove_unreachable(f) {
            return true;
        }
        loop {
            let mut changed = self.sweeps(f);
            changed |= cleanup::remove_unreachable(f);
            if !changed {
                return true;
            }
        }
    }

    /// LLVM's `iterativelySimplifyCFG`: sweeps over the blocks until one
    /// changes nothing. The loop headers (targets of back edges) are those
    /// of the function as the sweeps start.
    fn sweeps(&mut self, f: &mut Function) -> bool {
        let headers = if self.settings.keep_loops { back_edge_targets(f) } else { EntitySet::new() };
        let mut ever = false;
        loop {
            let mut changed = false;
            self.sweep_cycles = Some(crate::cfg_edit::CycleBlocks::of(f));
            // The live layout, as LLVM's iterator walks it: the block after
            // `b` is taken before `b` is simplified (and may be deleted).
            let mut next = f.layout().entry_block();
            while let Some(b) = next {
                next = f.layout().next_block(b);
                loop {
                    let (did, again) = self.simplify_once(f, b, &headers);
                    changed |= did;
                    if !again || !f.layout().is_block_inserted(b) {
                        break;
                    }
                }
                // A block deleted meanwhile ends the sweep; the next one
                // starts over (something changed).
                if next.is_some_and(|n| !f.layout().is_block_inserted(n)) {
                    next = None;
                }
            }
            ever |= changed;
            if !changed {
                return ever;
            }
        }
    }

    /// LLVM's `simplifyOnce`: whether `b` (or the CFG around it) changed,
    /// and whether `b` should be looked at again right away.
    fn simplify_once(&mut self, f: &mut Function, b: Block, headers: &EntitySet<Block>) -> (bool, bool) {
        let cfg = f.cfg();
        let preds = cfg.preds(b);
        if (preds.is_empty() && f.entry_block() != Some(b)) || preds == [b] {
            drop(cfg);
            cleanup::delete_block(f, b);
            return (true, false);
        }
        drop(cfg);
        let mut changed = cleanup::fold_terminator(self.m, f, b, self.sweep_cycles.as_ref(), self.explain);
        changed |= cleanup::merge_duplicate_phis(f, b);
        let name = f.dfg().block_name(b).map(str::to_owned);
        if let Some(p) = crate::cfg_edit::merge_into_predecessor(self.m, f, b) {
            // As LLVM, an unnamed predecessor takes the merged block's name.
            if f.dfg().block_name(p).is_none() {
                f.dfg_mut_preserving_cfg().set_block_name(p, name.as_deref());
            }
            return (true, false);
        }
        // As LLVM, the block is not looked at again right away: the sweep
        // goes on, and the next one merges the duplicate phis sinking made.
        if self.settings.sink_common_insts && self.sink_common(f, b) {
            return (true, false);
        }
        if fold_phi::fold_two_entry_phi(self, f, b) == Some(true) {
            return (true, false);
        }
        let Some(t) = f.terminator(b) else { return (changed, false) };
        let d = f.dfg().inst(t);
        match d.kind {
            InstKind::Br if d.blocks.len() == 1 => {
                let succ = d.blocks[0];
                let cfg = f.cfg();
                let canonical = self.settings.keep_loops
                    && cfg.preds(b).len() >= 2
                    && (headers.contains(b) || headers.contains(succ));
                drop(cfg);
                if f.first_non_phi(b) == Some(t)
                    && f.entry_block() != Some(b)
                    && !canonical
                    && (f.cfg().preds(succ) == [b] || cleanup::phis_only_feed(f, b, succ))
                    && self.may_forward(f, b)
                    && cleanup::forward_empty(f, b)
                {
                    return (true, false);
                }
                (changed, false)
            }
            InstKind::Br | InstKind::Switch => {
                let is_switch = d.kind == InstKind::Switch;
                if self.hoist_common(f, b) {
                    return (true, true);
                }
                if is_switch && cleanup::merge_duplicate_switch_arms(f, b) {
                    return (true, true);
                }
                if !is_switch && self.fold_into_predecessor_branch(f, b) {
                    return (true, true);
                }
                (changed, false)
            }
            _ => (changed, false),
        }
    }

    /// Whether the empty block `b` may be forwarded to its successor: in
    /// a function with convergent operations, only where that leaves the
    /// cycles around them as they were ([`Oracle::block_forwarding`], rule
    /// `irreducible-edge`; found by the adversarial review of duplicated
    /// irreducible cycles: an entry of an irreducible cycle that is not a
    /// back edge's target, or a loop header without `keep-loops`).
    fn may_forward(&mut self, f: &Function, b: Block) -> bool {
        if !self.has_convergent(f) {
            return true;
        }
        // Asked from the cycles at the sweep's start: the whole function's
        // cycles after each edit would make a huge function quadratic.
        match crate::cfg_edit::may_forward(self.m, f, b, self.sweep_cycles.as_ref(), self.explain) {
            Err(r) => {
                let msg = format!("not forwarding {} to its successor: {r}", crate::remarks::block_label(f, b));
                self.remarks.push((RemarkKind::Missed, crate::remarks::block_label(f, b), msg));
                false
            }
            Ok(()) => true,
        }
    }

    /// Whether the function has a convergent operation.
    pub(crate) fn has_convergent(&mut self, f: &Function) -> bool {
        let m = self.m;
        *self.has_convergent.get_or_insert_with(|| {
            f.insts_in_order().any(|(_, i)| opt_conv_legality::convergence::has_convergent_attr(m, f, f.dfg().inst(i)))
        })
    }

    /// The oracle, built on first use.
    pub(crate) fn oracle(&mut self, f: &Function) -> &mut Oracle<'m> {
        let (m, fid, explain) = (self.m, self.fid, self.explain);
        self.oracle.get_or_insert_with(|| Oracle::new(m, fid, f).explaining(explain))
    }

    /// The oracle, brought up to date with `f` (a walk of the whole
    /// function after each change), or why not: the walks of one function
    /// are bounded ([`ORACLE_REFRESH_WORK`]), and past that convergent
    /// operations are not merged (refusing is always legal). Counted
    /// whatever the answers, so what is merged does not depend on them.
    pub(crate) fn current_oracle(&mut self, f: &Function) -> Result<&mut Oracle<'m>, String> {
        if self.oracle.as_ref().is_none_or(|o| !o.is_current(f)) {
            if self.refresh_walks >= ORACLE_REFRESH_WORK {
                return Err(format!(
                    "the legality oracle walked {} instructions of this function already (it is brought up to \
                     date after each change); convergent operations are not merged any more",
                    self.refresh_walks
                ));
            }
            self.refresh_walks += f.dfg().num_insts();
        }
        let o = self.oracle(f);
        o.refresh(f);
        Ok(o)
    }
}

/// The targets of the back edges a depth-first search from the entry finds
/// (LLVM's `FindFunctionBackedges`): the blocks `keep-loops` keeps
/// preheaders and latches for.
fn back_edge_targets(f: &Function) -> EntitySet<Block> {
    let cfg = f.cfg();
    let mut out = EntitySet::new();
    let Some(entry) = f.entry_block() else { return out };
    let mut visited: EntitySet<Block> = EntitySet::new();
    let mut on_stack: EntitySet<Block> = EntitySet::new();
    let mut stack: Vec<(Block, usize)> = vec![(entry, 0)];
    visited.insert(entry);
    on_stack.insert(entry);
    while let Some(top) = stack.last_mut() {
        let (b, k) = *top;
        let succs = cfg.succs(b);
        if k < succs.len() {
            top.1 += 1;
            let s = succs[k];
            if on_stack.contains(s) {
                out.insert(s);
            } else if visited.insert(s) {
                on_stack.insert(s);
                stack.push((s, 0));
            }
        } else {
            on_stack.remove(b);
            stack.pop();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::SimplifyCfg;

    #[test]
    fn parameters_are_llvms() {
        let s = SimplifyCfg::from_params(Some("hoist-common-insts;no-sink-common-insts;no-keep-loops")).unwrap();
        assert_eq!((s.hoist_common_insts, s.sink_common_insts, s.keep_loops), (Some(true), Some(false), Some(false)));
        assert!(SimplifyCfg::from_params(Some("switch-to-lookup;bonus-inst-threshold=3")).is_ok());
        assert_eq!(
            SimplifyCfg::from_params(Some("hoist-everything")).unwrap_err(),
            "invalid SimplifyCFG pass parameter 'hoist-everything'"
        );
        assert_eq!(
            SimplifyCfg::from_params(Some("bonus-inst-threshold=x")).unwrap_err(),
            "invalid argument to SimplifyCFG pass bonus-threshold parameter: 'x'"
        );
    }
}
