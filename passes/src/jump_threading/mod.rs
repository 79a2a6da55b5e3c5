//! `jump-threading`: LLVM's JumpThreading, convergence-aware.
//!
//! As LLVM's, block by block until nothing changes: a block whose only
//! predecessor falls through to it absorbs it; a branch on a constant, or on
//! a condition a dominating branch already decided along the only path in,
//! becomes unconditional, as does one whose condition a dominating
//! compare implies ([`implied`]: `x < 5` decides `x < 10`); an edge on
//! which the branch condition is known ([`known`]: a phi of constants, or a
//! condition tested, or implied by one tested, earlier on the path; through
//! a `freeze`, which a known value passes unchanged) is threaded past the block to the successor it will take, through a
//! copy of the block; a branch on a phi is copied into a predecessor that
//! falls through to it; empty forwarding blocks disappear. Loop headers are
//! not threaded through nor removed, and a block is copied only if it costs
//! at most `threshold` (LLVM's default 6: calls 4, intrinsics 2, others 1).
//!
//! With `-jump-threading-across-loop-headers` (LLVM's testing option, off by
//! default) no block counts as a loop header, as LLVM then leaves its set
//! empty: headers are threaded through and to (never a block to itself),
//! their branches copied into predecessors, and empty blocks before them
//! forwarded when their phis feed only the header's phis on their edge
//! (else the block dominates the loop, which may use them). A copy of a
//! header reads the header's values coming round the loop through its phis:
//! those are the values on entry to the copy ([`thread`]). Each copy still
//! asks the oracle, which refuses to copy a loop heart or an anchor whose
//! token is used beyond the header (token-placement); a select before a
//! heart is not unfolded (the heart would leave the header). Each copy of a
//! header peels an iteration, which may decide the next copy's edge again:
//! such copies are bounded per function ([`HEADER_COPIES_MIN`]).
//!
//! LLVM turns the pass off on targets with divergent branches, and refuses
//! to copy any convergent call. We ask the legality oracle instead
//! ([`Query::Thread`], [`Query::DuplicateInto`]): threading is legal when no
//! convergent operation is duplicated under a divergent branch and no
//! uncontrolled convergent operation downstream could see its threads
//! regrouped (the "flag at a distance" of the D85603 discussion); operations
//! controlled by tokens keep their thread sets, as in the spec's jump
//! threading example. A branch is not folded when the edge it never takes
//! is all that keeps an uncontrolled convergent operation in a loop that
//! stays, or when it changes an irreducible cycle around one
//! (irreducible-edge). Refusals are missed remarks naming the rule.
//! In a function without tokens, a question that a divergent branch
//! decides is answered without bringing the oracle up to date after the
//! pass's edits ([`Oracle::quick_thread_verdict`]): the same verdict, without
//! the whole-function analyses.
//!
//! A `select` whose condition is known on some edges is unfolded into a
//! branch and a phi first ([`unfold`]), so that those edges can be
//! threaded; the new branch is a question for the oracle too
//! ([`Query::UnfoldSelect`]). A branch on `undef` (or a frozen `undef`)
//! goes where LLVM sends it. Loop headers are those of the function as it
//! came, as in LLVM.
//!
//! A load the branch tests (or compares with a constant) is replaced by
//! the value memory holds, or by a phi of the values the predecessors of
//! its block have, loading it in the one that lacks it ([`loads`], LLVM's
//! partially redundant load elimination); a condition whose operands are
//! all constants is folded first.
//!
//! Where those say nothing, value facts do ([`facts`], what LLVM's lazy
//! value analysis gives its jump threading): ranges of integers, and null
//! or not for pointers, known on an edge from the branches and switches on
//! the way, `llvm.assume` calls, `!nonnull` loads and dereferenced
//! pointers, through `add`, `sub`, casts and compares (`%v == 32` decides a
//! switch on `%v + 64`; an `nsw` induction from 0 kept non-negative is
//! never negative). A branch in a block with assumptions folds on what they
//! say at its end. When the known edges go different ways, those to loop
//! headers are set aside before the most popular way is chosen.
//!
//! Indirect branches are threaded too ([`Threader::thread_indirect`]): an
//! `indirectbr` on a phi of block addresses has its known edges threaded
//! to the block each names, and one on a constant address becomes a
//! branch. An edge from an `indirectbr` is never redirected nor counted
//! among the known edges, as in LLVM. Blocks whose address is taken stay
//! in place (never merged, forwarded nor deleted: one nothing reaches is
//! emptied to `unreachable`), so every `blockaddress` still names its
//! block; LLVM instead deletes such a block and rewrites the constants,
//! or merges it once no use of its address is left. A function with
//! convergent operations and an indirect branch or a taken address is left
//! unchanged (the legality oracle does not model indirect branches).
//!
//! Not done (LLVM does): guards, and a way picked for an edge on which the
//! condition is undef.

pub mod facts;
pub mod implied;
pub mod known;
pub mod loads;
pub mod profile;
pub mod thread;
pub mod unfold;

use crate::cfg_edit::{
    CycleBlocks, Fold, Reachability, fold_constant_branch, forward_empty_block, may_forward, may_remove_edges,
    merge_only_predecessor_into, remove_unreachable_blocks_keeping,
};
use crate::module_edits::BufferedMetadata;
use crate::noalias_scopes::CopyScopes;
use crate::pass::{FunctionCx, FunctionPass, PassError};
use crate::remarks::{Remark, RemarkKind};
use crate::remarks::{block_label, inst_label};
use crate::simplify::delete_dead_among;
use opt_conv_ir::analysis::FunctionAnalyses;
use opt_conv_ir::dfg::ValueDef;
use opt_conv_ir::edit::{Replacements, remove_inst};
use opt_conv_ir::{Block, Changes, EntitySet, FuncId, Function, InstKind, Module, Value};
use opt_conv_legality::FunctionConvergence;
use opt_conv_legality::oracle::{Oracle, Query, Verdict};
use rustc_hash::FxHashMap;

/// The pass.
pub struct JumpThreading {
    /// Largest cost of a block that is copied.
    pub threshold: u32,
}

impl Default for JumpThreading {
    fn default() -> Self {
        JumpThreading { threshold: 6 }
    }
}

/// How many instructions the refreshes of one function's legality oracle
/// may walk in all (each refresh walks the whole function): past that,
/// blocks that would need it are not copied, so the pass stays linear in a
/// huge function. A 20,000-instruction function may refresh 200 times.
/// A question answered without the oracle
/// ([`Oracle::quick_thread_verdict`]) counts as a refresh all the same, so
/// that what is threaded does not depend on which questions it answers.
const ORACLE_REFRESH_WORK: usize = 4_000_000;
/// Refreshes allowed however large the function.
const ORACLE_REFRESHES_MIN: u32 = 8;
/// How many blocks the fold questions of one function may walk in all
/// ([`Threader::fold_regroups`]): a branch folded in a block that may be
/// in a cycle needs the cycles as they are now, computed over the whole
/// function after each change. Past that, such branches are not folded
/// (refusing is always legal), so the pass stays linear in a huge
/// function; a 10,000-block function may ask 200 times after a change.
const FOLD_QUESTION_WORK: usize = 4_000_000;
/// Across loop headers, copies of blocks that head a cycle allowed in one
/// function: as many as it had blocks, and at least this many. Each such
/// copy peels an iteration off the loop, and the copy's own edge into the
/// loop may be decided again (a counter starting at a constant compared
/// with one), so without a bound the pass would peel forever; opt-22 does
/// (`tests/cases/jump-threading/across-loop-headers-endless-peeling.ll`).
const HEADER_COPIES_MIN: u32 = 8;

impl FunctionPass for JumpThreading {
    fn name(&self) -> &'static str {
        "jump-threading"
    }
    fn class_name(&self) -> &'static str {
        "JumpThreadingPass"
    }
    fn handles_indirect_branches(&self) -> bool {
        true
    }
    fn run(&self, f: &mut Function, cx: &mut FunctionCx<'_>) -> Result<Changes, PassError> {
        let name = cx.func_name();
        let m: &Module = cx.module;
        let mode = FunctionConvergence::of(m, f);
        // Refusals name values as printed only when someone reads them:
        // printed names number the whole function again after every edit.
        let explain = cx.remarks.wants("jump-threading")
            || tracing::enabled!(target: "opt_conv::jump-threading", tracing::Level::DEBUG);
        let convergent = mode != FunctionConvergence::None;
        let taken: EntitySet<Block> = crate::eh::taken_blocks(m, cx.func, f).collect();
        let indirect = f.insts_in_order().find(|&(_, i)| f.dfg().inst(i).kind == InstKind::IndirectBr);
        let indirect_at = taken.iter().next().or(indirect.map(|(b, _)| b));
        if convergent && let Some(at) = indirect_at {
            // The legality oracle does not model indirect branches.
            cx.remarks.emit(Remark {
                kind: RemarkKind::Missed,
                pass: "jump-threading",
                function: name,
                block: Some(block_label(f, at).trim_start_matches('%').to_owned()),
                message: "not threading a function with convergent operations and an indirectbr or a taken \
                          block address"
                    .to_owned(),
            });
            return Ok(Changes::NONE);
        }
        let mut t = Threader {
            m,
            fid: cx.func,
            // As LLVM: 3 in a function for minimal size, unless given.
            threshold: cx
                .options
                .jump_threading_threshold
                .unwrap_or(if m.func(cx.func).is_some_and(|d| d.fn_attrs.has("minsize")) { 3 } else { self.threshold }),
            convergent,
            across_headers: cx.options.jump_threading_across_loop_headers,
            sweep_cycles: None,
            mode,
            explain,
            refreshes: 0,
            header_copies: 0,
            header_copy_budget: u32::try_from(f.layout().num_blocks()).unwrap_or(u32::MAX).max(HEADER_COPIES_MIN),
            refresh_budget: u32::try_from(ORACLE_REFRESH_WORK / f.dfg().num_insts().max(1))
                .unwrap_or(u32::MAX)
                .max(ORACLE_REFRESHES_MIN),
            fold_walks: 0,
            fold_asked_at: None,
            oracle: None,
            has_assumes: f.layout().blocks().any(|b| {
                f.block_insts(b).any(|i| {
                    opt_conv_legality::convergence::callee_decl(m, f, f.dfg().inst(i))
                        .is_some_and(|c| &*c.name == "llvm.assume")
                })
            }),
            asked_at: None,
            stale: false,
            taken,
            remarks: Vec::new(),
            scopes: Vec::new(),
            edits: std::mem::take(cx.edits),
            profile: ProfileState::NotBuilt,
        };
        // Threading asks who uses a value after every copy: follow the
        // edits rather than scan the function per question.
        let tracked = f.tracks_uses();
        f.track_uses();
        let changed = t.run(f);
        if changed {
            // Copies of blocks leave copies of their records side by side.
            let blocks: Vec<_> = f.layout().blocks().collect();
            crate::debug_records::remove_redundant(m, f, &blocks);
        }
        if !tracked {
            f.untrack_uses();
        }
        let (remarks, scopes) = (t.remarks, t.scopes);
        *cx.edits = t.edits;
        for s in scopes {
            s.apply(&mut BufferedMetadata { m: cx.module, edits: &mut *cx.edits }, f);
        }
        for (kind, block, message) in remarks {
            let block = block.trim_start_matches('%').to_owned();
            cx.remarks.emit(Remark {
                kind,
                pass: "jump-threading",
                function: name.clone(),
                block: Some(block),
                message,
            });
        }
        Ok(if changed { Changes::ALL } else { Changes::NONE })
    }
}

/// Whether every use of a phi of `b` is in a phi of `succ`, on the edge
/// from `b` (users come from the use lists the pass keeps).
fn phis_only_feed(f: &mut Function, b: Block, succ: Block) -> bool {
    let results: Vec<Value> = f.phis(b).filter_map(|p| f.dfg().inst_result(p)).collect();
    results.into_iter().all(|r| {
        f.users_of(r).into_iter().all(|u| {
            let d = f.dfg().inst(u);
            d.is_phi()
                && f.layout().inst_block(u) == Some(succ)
                && d.args.iter().zip(&d.blocks).all(|(&a, &from)| a != r || from == b)
        })
    })
}

/// Whether `p` ends in an `indirectbr`: as in LLVM, an edge from it is
/// never threaded (its destinations cannot change), nor counted among the
/// known edges, so that a branch it reaches is threaded rather than folded.
fn ends_in_indirectbr(f: &Function, p: Block) -> bool {
    f.terminator(p).is_some_and(|t| f.dfg().inst(t).kind == InstKind::IndirectBr)
}

/// The known edges (predecessor, successor) without those to loop headers,
/// if they do not all go one way.
fn without_header_dests(mut known: Vec<(Block, Block)>, headers: &EntitySet<Block>) -> Vec<(Block, Block)> {
    if known.iter().any(|k| k.1 != known[0].1) {
        known.retain(|k| !headers.contains(k.1));
    }
    known
}

/// Adds the entries of `f`'s cycles to `headers`.
fn add_cycle_headers(f: &Function, headers: &mut EntitySet<Block>) {
    let cycles = f.cycles();
    for c in cycles.cycles() {
        for &h in cycles.entries(c) {
            headers.insert(h);
        }
    }
}

struct Threader<'m> {
    m: &'m Module,
    fid: FuncId,
    threshold: u32,
    /// Whether the function has convergent operations at all (if not, the
    /// oracle has nothing to say and is not built).
    convergent: bool,
    /// `-jump-threading-across-loop-headers`: no block counts as a loop
    /// header (LLVM's set stays empty), so blocks are threaded through and
    /// to headers, and empty blocks before them are forwarded when that
    /// is safe ([`Threader::forwardable`]).
    across_headers: bool,
    /// Where the cycles were at the start of the sweep (threading copies
    /// no cycle's entry, unless across loop headers, when this is not kept).
    sweep_cycles: Option<CycleBlocks>,
    /// The function's kind of convergence (threading only copies or
    /// deletes operations, so it does not change it).
    mode: FunctionConvergence,
    /// Whether refusals name values exactly as printed ([`Oracle::explaining`]).
    explain: bool,
    /// How often the oracle was brought up to date after an edit, and how
    /// often it may be ([`ORACLE_REFRESH_WORK`]).
    refreshes: u32,
    refresh_budget: u32,
    /// Blocks walked by fold questions so far ([`FOLD_QUESTION_WORK`]), and
    /// the CFG they last computed cycles for.
    fold_walks: usize,
    fold_asked_at: Option<(u64, u64)>,
    /// Across loop headers, how many copies of blocks heading a cycle
    /// (threaded through, or copied into a predecessor) were made, and how
    /// many may be ([`HEADER_COPIES_MIN`]).
    header_copies: u32,
    header_copy_budget: u32,
    /// Built when a question needs it, brought up to date after changes.
    oracle: Option<Oracle<'m>>,
    /// Whether the function has `llvm.assume` calls (copies only repeat
    /// them): if not, value facts do not look for them.
    has_assumes: bool,
    /// The state of the body at the last question (when the oracle was,
    /// or would have been, built or brought up to date), and whether the
    /// pass changed it since.
    asked_at: Option<(u64, u64)>,
    stale: bool,
    /// The blocks whose address is taken: they stay where they are (never
    /// merged into a predecessor nor absorbing one, never forwarded, and
    /// emptied to `unreachable` rather than deleted once nothing reaches
    /// them), so that every `blockaddress` keeps naming its block.
    taken: EntitySet<Block>,
    remarks: Vec<(RemarkKind, String, String)>,
    /// Fresh noalias scopes the copies need, made when the module is writable.
    scopes: Vec<CopyScopes>,
    /// The function's module changes (new branch weights), taken from the
    /// context while the pass runs.
    edits: crate::module_edits::ModuleEdits,
    /// Block frequencies, built at the first thread through a block with
    /// branch weights ([`profile`]).
    profile: ProfileState,
}

/// Whether [`Threader::profile`] was built.
enum ProfileState {
    NotBuilt,
    Built(profile::Profile),
    /// The function is not one whose frequencies are modelled.
    Unmodelled,
}

impl Threader<'_> {
    /// Sweeps the blocks until nothing changes. Each sweep starts with no
    /// unreachable block, so that empty blocks with phis can be removed
    /// without whole-function questions ([`Reachability::All`]) until the
    /// first edit that may remove an edge; after it, such blocks wait for the
    /// end of the sweep, when unreachable blocks are removed once. (Asking
    /// per block would be quadratic on one huge function.)
    fn run(&mut self, f: &mut Function) -> bool {
        // As LLVM, the loop headers of the function as it came keep the
        // status when threading changes the loops; the headers of the loops
        // as they are now are added every sweep (an empty block before one
        // may not be forwarded: see `forward_empty_block`).
        // Across loop headers (LLVM's option), the set stays empty.
        let mut ever = remove_unreachable_blocks_keeping(f, &self.taken);
        let mut headers: EntitySet<Block> = EntitySet::new();
        if !self.across_headers {
            add_cycle_headers(f, &mut headers);
        }
        loop {
            let mut changed = remove_unreachable_blocks_keeping(f, &self.taken);
            let mut all_reachable = true;
            let mut waiting: Vec<Block> = Vec::new();
            if !self.across_headers {
                add_cycle_headers(f, &mut headers);
            }
            if self.convergent && !self.across_headers {
                self.sweep_cycles = Some(CycleBlocks::of(f));
            }
            let blocks: Vec<Block> = f.layout().blocks().collect();
            for b in blocks {
                if !f.layout().is_block_inserted(b) {
                    continue;
                }
                while self.process_block(f, b, &mut headers) {
                    changed = true;
                    self.stale = true;
                    all_reachable = false;
                }
                if !f.layout().is_block_inserted(b) || f.entry_block() == Some(b) || f.cfg().preds(b).is_empty() {
                    // A block without predecessors goes at the end of the sweep.
                    continue;
                }
                if !self.forwardable(f, b, &headers) {
                    continue;
                }
                let reach = if all_reachable { Reachability::All } else { Reachability::Unknown };
                if reach == Reachability::Unknown && f.phis(b).next().is_some() {
                    waiting.push(b);
                } else if forward_empty_block(f, b, reach) {
                    changed = true;
                    self.stale = true;
                }
            }
            if !all_reachable {
                changed |= remove_unreachable_blocks_keeping(f, &self.taken);
                for b in waiting {
                    if f.layout().is_block_inserted(b)
                        && self.forwardable(f, b, &headers)
                        && forward_empty_block(f, b, Reachability::All)
                    {
                        changed = true;
                    }
                }
                self.stale = true;
            }
            ever |= changed;
            if !changed {
                return ever;
            }
        }
    }

    /// Whether `b` may be removed by [`forward_empty_block`]: it falls
    /// through, and neither it nor its successor is a loop header.
    ///
    /// Across loop headers, the successor may head a cycle that `b`
    /// enters, so that `b` dominates the cycle and its phis may be used
    /// anywhere in it, or on the back edge into the successor: as LLVM
    /// (`TryToSimplifyUncondBranchFromEmptyBlock`), `b` goes only if every
    /// use of its phis is in a phi of the successor, on the edge from `b`.
    fn forwardable(&mut self, f: &mut Function, b: Block, headers: &EntitySet<Block>) -> bool {
        let Some(t) = f.terminator(b) else { return false };
        let d = f.dfg().inst(t);
        if d.kind != InstKind::Br
            || d.blocks.len() != 1
            || headers.contains(b)
            || headers.contains(d.blocks[0])
            || self.taken.contains(b)
        {
            return false;
        }
        let succ = d.blocks[0];
        if self.across_headers && !phis_only_feed(f, b, succ) {
            return false;
        }
        // Across loop headers, `b` may be an entry of a cycle: forwarding it
        // changes the cycle's entries, and with them who is grouped with
        // whom at its convergent operations; inside an irreducible cycle,
        // the entries of the cycles nested in it depend on its header
        // (rule irreducible-edge).
        if self.convergent
            && let Err(r) = may_forward(self.m, f, b, self.sweep_cycles.as_ref(), self.explain)
        {
            let msg = format!("not forwarding {} to its successor: {r}", block_label(f, b));
            self.missed(f, b, msg);
            return false;
        }
        true
    }

    /// One simplification of `b`, if any applies.
    fn process_block(&mut self, f: &mut Function, b: Block, headers: &mut EntitySet<Block>) -> bool {
        // A merge may have folded `b` into its predecessor.
        if !f.layout().is_block_inserted(b) {
            return false;
        }
        if f.entry_block() != Some(b) && f.cfg().preds(b).is_empty() {
            return false;
        }
        let pred = match f.cfg().preds(b) {
            [p] => Some(*p),
            _ => None,
        };
        let keep = self.taken.contains(b) || pred.is_some_and(|p| self.taken.contains(p));
        match if keep { Fold::NotApplicable } else { merge_only_predecessor_into(self.m, f, b) } {
            Fold::Folded => {
                if pred.is_some_and(|p| headers.contains(p)) {
                    headers.insert(b);
                }
                return true;
            }
            Fold::Refused(r) => {
                let p = pred.expect("a fold needs a single predecessor");
                let msg = format!("not merging {} into {}: {r}", block_label(f, p), block_label(f, b));
                self.missed(f, b, msg);
            }
            Fold::NotApplicable => {}
        }
        if !headers.contains(b) && self.unfold_select_in_block(f, b) {
            return true;
        }
        let Some(t) = f.terminator(b) else { return false };
        if self.fold_constant_condition(f, b) {
            return true;
        }
        if f.dfg().inst(t).kind == InstKind::IndirectBr {
            return self.thread_indirect(f, b, headers);
        }
        if f.dfg().inst(t).kind == InstKind::Switch {
            return self.fold_constant_switch(f, b)
                || self.unfold_select_in_pred(f, b)
                || self.simplify_tested_load(f, b)
                || self.thread_switch(f, b, headers);
        }
        if !f.dfg().inst(t).is_cond_br() {
            return false;
        }
        if self.fold_constant(f, b) || self.fold_undef_branch(f, b) {
            return true;
        }
        if self.fold_implied(f, b) || self.fold_assumed(f, b) {
            return true;
        }
        if self.unfold_select_in_pred(f, b) {
            return true;
        }
        if self.simplify_tested_load(f, b) {
            return true;
        }
        // As LLVM, before threading a branch on a phi of `b`: constants of
        // the phi that the branch's weights make unlikely bound the weights
        // of the edges that bring them.
        let cond = f.dfg().inst(t).args[0];
        if let Some(phi) = f.dfg().value_inst(cond)
            && f.dfg().inst(phi).is_phi()
            && f.layout().inst_block(phi) == Some(b)
        {
            profile::infer_predecessor_weights(self.m, &mut self.edits, f, b, phi);
        }
        if self.thread_known_edge(f, b, headers) {
            return true;
        }
        self.duplicate_branch_on_phi(f, b, headers)
    }

    /// The condition of `b`'s branch or switch, an instruction whose
    /// operands are all constants, becomes the constant it folds to (LLVM's
    /// `ConstantFoldInstruction` at the start of `processBlock`): every use
    /// is replaced and the instruction deleted if nothing else uses it. The
    /// branch itself folds on the next visit.
    fn fold_constant_condition(&mut self, f: &mut Function, b: Block) -> bool {
        let t = f.terminator(b).expect("checked");
        let d = f.dfg().inst(t);
        if !(d.is_cond_br() || d.kind == InstKind::Switch) {
            return false;
        }
        let cond = d.args[0];
        let Some(i) = f.dfg().value_inst(cond) else { return false };
        let cd = f.dfg().inst(i);
        let defined = |a: &Value| f.dfg().value_const(*a).is_some_and(|c| !c.is_undef_or_poison());
        // A phi of `b` whose entries are all one constant is that constant,
        // as LLVM folds it. Only needed when an entry comes from an
        // indirectbr: such edges are not counted as known (see
        // `ends_in_indirectbr`), so the branch would not fold otherwise.
        if cd.is_phi()
            && f.layout().inst_block(i) == Some(b)
            && cd.args.iter().all(|a| defined(a) && *a == cd.args[0])
            && cd.blocks.iter().any(|&p| ends_in_indirectbr(f, p))
        {
            let v = cd.args[0];
            let mut repl = Replacements::new();
            repl.insert(cond, v);
            repl.apply(f);
            remove_inst(f, i);
            return true;
        }
        let foldable = matches!(cd.kind, InstKind::ICmp { .. } | InstKind::Binary { .. } | InstKind::Cast { .. })
            && cd.args.iter().all(defined);
        if !foldable {
            return false;
        }
        let Some(v) = crate::simplify::simplify(self.m, f, i) else { return false };
        if f.dfg().value_const(v).is_none() {
            return false;
        }
        let mut repl = Replacements::new();
        repl.insert(cond, v);
        repl.apply(f);
        if opt_conv_ir::effects::inst_effects(self.m, f, i).is_removable() {
            remove_inst(f, i);
        }
        true
    }

    /// A branch on `undef`, or on a `freeze` of `undef` used only there,
    /// goes to the successor with the fewest incoming edges (the first of
    /// equals), as LLVM picks. Branching on undef is undefined behaviour,
    /// and a frozen undef may be any value, the same for all threads too.
    fn fold_undef_branch(&mut self, f: &mut Function, b: Block) -> bool {
        let t = f.terminator(b).expect("checked");
        let cond = f.dfg().inst(t).args[0];
        let undef = |f: &Function, v: Value| f.dfg().value_const(v).is_some_and(opt_conv_ir::Const::is_undef_or_poison);
        let frozen = f.dfg().value_inst(cond).filter(|&i| {
            let d = f.dfg().inst(i);
            d.kind == InstKind::Freeze && undef(f, d.args[0])
        });
        if !undef(f, cond) && frozen.is_none_or(|_| f.users_of(cond).len() != 1) {
            return false;
        }
        let cfg = f.cfg();
        let succs = f.successors(b).to_vec();
        let mut best = 0;
        for (k, &s) in succs.iter().enumerate() {
            if cfg.preds(s).len() < cfg.preds(succs[best]).len() {
                best = k;
            }
        }
        drop(cfg);
        if succs[0] != succs[1] && self.fold_regroups(f, b, &[succs[1 - best]]) {
            return false;
        }
        let k = f.dfg_mut_preserving_cfg().make_const(opt_conv_ir::Const::bool(best == 0));
        f.set_operand(t, 0, k);
        if let Some(fr) = frozen {
            remove_inst(f, fr);
        }
        fold_constant_branch(f, b)
    }

    /// A branch on a condition that the single path into `b` (up to three
    /// blocks back) already decided becomes unconditional: the same
    /// condition, or one it implies or refutes ([`implied`], LLVM's
    /// `processImpliedCondition`). Every block of that path has one
    /// predecessor, so the values compared are the ones the earlier branch
    /// saw.
    fn fold_implied(&mut self, f: &mut Function, b: Block) -> bool {
        let t = f.terminator(b).expect("checked");
        let branched = f.dfg().inst(t).args[0];
        // A freeze that only the branch uses may take whichever value the
        // branch needs: where its operand is implied true (or is true, or
        // poison: a freeze of poison may be true), the branch may go the
        // true way, as LLVM folds it. Where a dominating branch tested
        // another freeze of the same operand, this one may take the value
        // that one took.
        let frozen = f
            .dfg()
            .value_inst(branched)
            .filter(|&i| f.dfg().inst(i).kind == InstKind::Freeze)
            .map(|i| f.dfg().inst(i).args[0])
            .filter(|_| f.users_of(branched) == [t]);
        let cond = frozen.unwrap_or(branched);
        let (mut cur, mut steps) = (b, 0);
        let cfg = f.cfg();
        while let ([p], true) = (cfg.preds(cur), steps < 3) {
            let p = *p;
            let Some(pt) = f.terminator(p) else { return false };
            let d = f.dfg().inst(pt);
            if !d.is_cond_br() || d.blocks[0] == d.blocks[1] {
                return false;
            }
            let c = d.args[0];
            let taken = d.blocks[0] == cur;
            let same_freeze = || {
                frozen.is_some_and(|x| {
                    f.dfg()
                        .value_inst(c)
                        .is_some_and(|i| f.dfg().inst(i).kind == InstKind::Freeze && f.dfg().inst(i).args[0] == x)
                })
            };
            if let Some(value) = implied::implies(self.m, f, c, taken, cond).or_else(|| same_freeze().then_some(taken))
            {
                drop(cfg);
                let msg = (c != cond).then(|| {
                    format!(
                        "folded the branch of {}: {} is {value} where the branch of {} went to {}",
                        block_label(f, b),
                        f.dfg().value_name(cond).map_or_else(|| "its condition".to_owned(), |n| format!("%{n}")),
                        block_label(f, p),
                        block_label(f, cur)
                    )
                });
                let label = block_label(f, b);
                if !self.fold_to(f, b, value) {
                    return false;
                }
                // The freeze goes, and what it froze if nothing else uses
                // it (as LLVM, which decides the frozen compare first).
                if let Some(x) = frozen {
                    self.remove_dead_condition(f, branched);
                    self.remove_dead_condition(f, x);
                }
                if let Some(msg) = msg {
                    self.remarks.push((RemarkKind::Passed, label, msg));
                }
                return true;
            }
            cur = p;
            steps += 1;
        }
        false
    }

    /// A branch in a block with `llvm.assume` calls, on a condition the
    /// facts at its end decide ([`facts`]: the assumptions, and the edges
    /// in), goes that way. As LLVM, the condition becomes the constant in
    /// the instructions of `b` after it that certainly reach the branch
    /// (an assumption of it becomes an assumption of `true`), and after
    /// `b` if `b` defines it.
    fn fold_assumed(&mut self, f: &mut Function, b: Block) -> bool {
        let t = f.terminator(b).expect("checked");
        let cond = f.dfg().inst(t).args[0];
        let is_assume = |f: &Function, i: opt_conv_ir::Inst| {
            opt_conv_legality::convergence::callee_decl(self.m, f, f.dfg().inst(i))
                .is_some_and(|c| &*c.name == "llvm.assume")
        };
        if !self.has_assumes || f.dfg().value_const(cond).is_some() || !f.block_insts(b).any(|i| is_assume(f, i)) {
            return false;
        }
        let cfg = f.cfg();
        let value =
            facts::Facts::new(self.m, f, &cfg).derefs_nonnull(self.null_invalid()).at_end(cond, b).single_value();
        drop(cfg);
        let Some(value) = value else { return false };
        // The edge not taken goes: it may be all that keeps a convergent
        // operation in its loop.
        let (taken, dead) = {
            let s = f.successors(b);
            (s[usize::from(value == 0)], s[usize::from(value != 0)])
        };
        if dead != taken && self.fold_regroups(f, b, &[dead]) {
            return false;
        }
        let msg =
            format!("folded the branch of {}: its condition is {} where it is reached", block_label(f, b), value != 0);
        self.remarks.push((RemarkKind::Passed, block_label(f, b), msg));
        let k = f.dfg_mut_preserving_cfg().make_const(opt_conv_ir::Const::bool(value != 0));
        let insts: Vec<opt_conv_ir::Inst> = f.block_insts(b).collect();
        for &i in insts.iter().rev() {
            if f.dfg().inst_result(i) == Some(cond)
                || !opt_conv_ir::effects::inst_effects(self.m, f, i).transfers_execution()
            {
                break;
            }
            for a in 0..f.dfg().inst(i).args.len() {
                if f.dfg().inst(i).args[a] == cond {
                    f.set_operand(i, a, k);
                }
            }
        }
        self.replace_after(f, b, cond, value);
        self.remove_dead_condition(f, cond);
        fold_constant_branch(f, b);
        true
    }

    /// Makes `b`'s branch unconditional, to the successor its condition
    /// `value` takes, as LLVM folds a branch it knows the way of. LLVM has
    /// two such folds that tidy up differently, and we follow each: a
    /// condition its value analysis decides on the edges in (an `i1` from
    /// outside `b`, or a compare of such a value with a constant, or a
    /// freeze of one) is deleted
    /// if nothing else uses it, and phis of the dropped successor keep their
    /// one remaining entry; any other condition, decided by a dominating
    /// one (`processImpliedCondition`), stays, and a phi of the dropped
    /// successor whose entries are all one value becomes that value.
    fn fold_to(&mut self, f: &mut Function, b: Block, value: bool) -> bool {
        let t = f.terminator(b).expect("a branch");
        let (cond, dead) = {
            let d = f.dfg().inst(t);
            (d.args[0], d.blocks[usize::from(value)])
        };
        if dead != f.successors(b)[usize::from(!value)] && self.fold_regroups(f, b, &[dead]) {
            return false;
        }
        let defined_in = |f: &Function, v: Value, blk: Block| {
            f.dfg().value_inst(v).is_some_and(|i| f.layout().inst_block(i) == Some(blk))
        };
        let in_b = |f: &Function, v: Value| defined_in(f, v, b);
        let value_analysis = !in_b(f, cond)
            || f.dfg().value_inst(cond).is_some_and(|i| {
                let d = f.dfg().inst(i);
                let compare = matches!(d.kind, InstKind::ICmp { .. }) && f.dfg().value_const(d.args[1]).is_some();
                (compare || d.kind == InstKind::Freeze) && !in_b(f, d.args[0])
            });
        let k = f.dfg_mut_preserving_cfg().make_const(opt_conv_ir::Const::bool(value));
        f.set_operand(t, 0, k);
        if !fold_constant_branch(f, b) {
            return false;
        }
        if value_analysis {
            if let Some(i) = f.dfg().value_inst(cond).filter(|&i| f.layout().inst_block(i).is_some()) {
                delete_dead_among(self.m, f, |f| f.layout().inst_block(i).map(|_| i).into_iter().collect());
            }
        } else if dead != f.successors(b)[0] {
            let mut repl = Replacements::new();
            let mut gone = Vec::new();
            for phi in f.phis(dead).collect::<Vec<_>>() {
                let d = f.dfg().inst(phi);
                let r = d.result().expect("a phi has a result");
                let mut vals = d.args.iter().copied().filter(|&a| a != r);
                // A value of `dead` itself (another phi, or one in a loop
                // whose entry went) is left alone: only a block no longer
                // reached could have it on every edge.
                if let Some(v) = vals.next()
                    && vals.all(|a| a == v)
                    && !defined_in(f, v, dead)
                {
                    repl.insert(r, v);
                    gone.push(phi);
                }
            }
            repl.apply(f);
            for phi in gone {
                remove_inst(f, phi);
            }
        }
        true
    }

    /// Unfolds a select of `b` on a phi of `b` with a constant incoming
    /// value (or on a compare of one with a constant) into a branch and a
    /// phi ([`unfold::unfold_in_block`]), if the oracle allows the branch.
    fn unfold_select_in_block(&mut self, f: &mut Function, b: Block) -> bool {
        if self.m.func(self.fid).is_some_and(|d| d.fn_attrs.has("sanitize_memory")) {
            return false;
        }
        let Some(s) = unfold::candidate_in_block(self.m, f, b) else { return false };
        if let Some((h, kind)) = unfold::moved_token_intrinsic(self.m, f, s) {
            let msg = format!(
                "not unfolding {} into a branch: [token-placement] the rest of {} would move to a new block, \
                 with {}, a call to {}, which never moves",
                inst_label(f, s),
                block_label(f, b),
                inst_label(f, h),
                kind.intrinsic_name()
            );
            self.missed(f, b, msg);
            return false;
        }
        let cond = f.dfg().inst(s).args[0];
        if let Some(why) = self.refused(f, Query::UnfoldSelect { block: b, cond }) {
            let msg = format!("not unfolding {} into a branch: {why}", inst_label(f, s));
            self.missed(f, b, msg);
            return false;
        }
        let (ls, lb) = (inst_label(f, s), block_label(f, b));
        unfold::unfold_in_block(f, b, s);
        self.remarks.push((RemarkKind::Passed, lb, format!("unfolded {ls} into a branch and a phi")));
        true
    }

    /// Unfolds a select that a predecessor of `b` passes to the phi that
    /// `b`'s switch tests, or that `b`'s branch compares with a constant when
    /// one of the select's values would decide the compare and the other
    /// would not ([`unfold::unfold_in_pred`]), if the oracle allows the
    /// branch.
    fn unfold_select_in_pred(&mut self, f: &mut Function, b: Block) -> bool {
        let m = self.m;
        let t = f.terminator(b).expect("checked");
        let cmp = f.dfg().inst(t).is_cond_br().then(|| f.dfg().inst(t).args[0]).and_then(|c| f.dfg().value_inst(c));
        let decides = |f: &Function, x: Value, y: Value| {
            let Some(c) = cmp else { return false };
            let d = f.dfg().inst(c);
            let InstKind::ICmp { pred, .. } = d.kind else { return false };
            let Some(k) = f.dfg().value_const(d.args[1]).and_then(opt_conv_ir::Const::as_int) else { return false };
            let Some(bits) = m.types.int_bits(f.dfg().value_type(d.args[1])) else { return false };
            let at =
                |v: Value| f.dfg().value_const(v).and_then(opt_conv_ir::Const::as_int).map(|v| pred.holds(v, k, bits));
            let (rx, ry): (Option<bool>, Option<bool>) = (at(x), at(y));
            (rx.is_some() || ry.is_some()) && rx != ry
        };
        let Some((p, s, phi)) = unfold::candidate_in_pred(f, b, decides) else { return false };
        let cond = f.dfg().inst(s).args[0];
        if let Some(why) = self.refused(f, Query::UnfoldSelect { block: p, cond }) {
            let msg = format!("not unfolding {} into a branch: {why}", inst_label(f, s));
            self.missed(f, b, msg);
            return false;
        }
        let (ls, lp) = (inst_label(f, s), block_label(f, p));
        unfold::unfold_in_pred(f, p, b, s, phi);
        self.remarks.push((RemarkKind::Passed, lp, format!("unfolded {ls} into a branch and a phi")));
        true
    }

    /// Replaces the load that `b`'s branch or switch tests (directly,
    /// through a freeze, or compared with a constant) by the value memory
    /// holds, or by a phi of the values its block's predecessors have
    /// ([`loads`], LLVM's `simplifyPartiallyRedundantLoad`).
    fn simplify_tested_load(&mut self, f: &mut Function, b: Block) -> bool {
        let t = f.terminator(b).expect("checked");
        let mut v = f.dfg().inst(t).args[0];
        if let Some(i) = f.dfg().value_inst(v).filter(|&i| f.dfg().inst(i).kind == InstKind::Freeze) {
            v = f.dfg().inst(i).args[0];
        }
        if let Some(i) = f.dfg().value_inst(v) {
            let d = f.dfg().inst(i);
            if matches!(d.kind, InstKind::ICmp { .. } | InstKind::FCmp { .. })
                && f.dfg().value_const(d.args[1]).is_some()
            {
                v = d.args[0];
            }
        }
        let Some(load) = f.dfg().value_inst(v).filter(|&i| matches!(f.dfg().inst(i).kind, InstKind::Load { .. }))
        else {
            return false;
        };
        let Some(msg) = loads::simplify_redundant_load(self.m, self.fid, f, load) else { return false };
        // The load's users now read another value, which may be divergent
        // where the load was uniform, without any edge changing: a refresh
        // would keep the stale uniformity (it keeps it while the CFG is
        // unchanged), so the next question builds the oracle anew.
        self.oracle = None;
        tracing::debug!(target: "opt_conv::jump-threading", "{msg}");
        self.remarks.push((RemarkKind::Passed, block_label(f, b), msg));
        true
    }

    /// Threads one predecessor edge on which `b`'s branch is known, to the
    /// successor most of the known edges go to.
    fn thread_known_edge(&mut self, f: &mut Function, b: Block, headers: &EntitySet<Block>) -> bool {
        let t = f.terminator(b).expect("checked");
        let (cond, succs) = {
            let d = f.dfg().inst(t);
            (d.args[0], [d.blocks[0], d.blocks[1]])
        };
        if succs[0] == succs[1] {
            return false;
        }
        let cfg = f.cfg();
        let mut edges = known::int_on_edges(self.m, f, &cfg, cond, b);
        facts::fill(self.facts(f, &cfg), cond, b, &mut edges);
        let npreds = edges.len();
        let known: Vec<(Block, Block)> = edges
            .into_iter()
            .filter_map(|(p, v)| v.map(|v| (p, succs[usize::from(v == 0)])))
            .filter(|k| !ends_in_indirectbr(f, k.0))
            .collect();
        drop(cfg);
        if known.is_empty() {
            return false;
        }
        // Known on every edge, and the same way: a fold, not a thread (as
        // LLVM: nothing is copied). Every thread runs the same operations as
        // before: the branch never went the other way. But the dropped edge
        // may have been all that kept an uncontrolled operation in a cycle
        // (`fold_to` refuses that).
        if known.len() == npreds && known.iter().all(|k| k.1 == known[0].1) {
            let value = known[0].1 == succs[0];
            let msg = format!("folded the branch of {}: its condition is {value} on every edge in", block_label(f, b));
            let label = block_label(f, b);
            if !self.fold_to(f, b, value) {
                return false;
            }
            self.remarks.push((RemarkKind::Passed, label, msg));
            self.remove_dead_condition(f, cond);
            return true;
        }
        if headers.contains(b) {
            tracing::debug!(target: "opt_conv::jump-threading", "not threading through loop header {}", block_label(f, b));
            return false;
        }
        // As LLVM: when the known edges go different ways, those to loop
        // headers are dropped first (they are not threaded), so that the
        // others may be.
        let known = without_header_dests(known, headers);
        if known.is_empty() {
            return false;
        }
        // The most popular destination, ties to the first successor.
        let to_first = known.iter().filter(|k| k.1 == succs[0]).count();
        let dest = if to_first * 2 >= known.len() { succs[0] } else { succs[1] };
        // A copy of `b` branching to `b` would be threaded again forever
        // (only across loop headers can `dest` be `b`: a self loop's
        // block is a header).
        if headers.contains(dest) || dest == b {
            return false;
        }
        self.thread_to(f, b, &known, dest, 0)
    }

    /// Threads the first edge of `known` (predecessor, successor) that goes
    /// to `dest` and the oracle allows, if `b` costs at most the threshold
    /// (less `bonus`, LLVM's for a switch).
    fn thread_to(&mut self, f: &mut Function, b: Block, known: &[(Block, Block)], dest: Block, bonus: u32) -> bool {
        let cost = self.cost_with(f, b, self.threshold + bonus).saturating_sub(bonus);
        if cost > self.threshold {
            tracing::debug!(target: "opt_conv::jump-threading", "not duplicating {}: cost {cost}", block_label(f, b));
            return false;
        }
        if self.lifetime_alloca_outside(f, b) {
            return false;
        }
        let header = self.header_copy(f, b);
        if header == Some(false) {
            return false;
        }
        for &(p, s) in known {
            if s != dest || !self.redirectable(f, p) {
                continue;
            }
            if let Some(why) = self.refused(f, Query::Thread { pred: p, block: b, succ: dest }) {
                let msg = format!(
                    "not threading {} -> {} -> {}: {why}",
                    block_label(f, p),
                    block_label(f, b),
                    block_label(f, dest)
                );
                self.missed(f, b, msg);
                continue;
            }
            let (lp, lb, ls) = (block_label(f, p), block_label(f, b), block_label(f, dest));
            let bt = f.terminator(b).expect("a threaded block branches");
            let weights = profile::valid_weights(self.m, &self.edits, f, bt);
            let copy_freq = self.profile(f, weights.is_some()).map(|pr| pr.copy_frequency(f, p, b));
            let nb = thread::thread_edge(self.m, f, p, b, dest, &mut self.scopes);
            if let (Some(fr), ProfileState::Built(pr)) = (copy_freq, &mut self.profile)
                && let Some(ps) = pr.threaded(f, b, nb, dest, fr)
                && let Some(w) = &weights
                && let Some(bt) = f.terminator(b)
            {
                profile::set_weights(self.m, &mut self.edits, f, bt, &ps, w.expected, w.ty);
            }
            self.header_copies += u32::from(header.is_some());
            tracing::debug!(target: "opt_conv::jump-threading", "threaded {lp} -> {lb} to {ls}");
            self.remarks.push((RemarkKind::Passed, lb.clone(), format!("threaded {lp} -> {lb} to {ls}")));
            return true;
        }
        false
    }

    /// The block frequencies of the function, built now if `build` (as
    /// LLVM: once built, they are kept and updated by later threads).
    fn profile(&mut self, f: &Function, build: bool) -> Option<&profile::Profile> {
        if build && matches!(self.profile, ProfileState::NotBuilt) {
            self.profile = match profile::Profile::compute(self.m, &self.edits, f) {
                Some(p) => ProfileState::Built(p),
                None => ProfileState::Unmodelled,
            };
        }
        match &self.profile {
            ProfileState::Built(p) => Some(p),
            _ => None,
        }
    }

    /// The successor of `b`'s switch for the value `v` of its condition.
    fn switch_dest(f: &Function, t: opt_conv_ir::Inst, v: u128) -> Block {
        Self::switch_table(f, t)(v)
    }

    /// Where switch `t` goes for each value, looked up in a table built
    /// once (a switch with thousands of cases is asked about each edge).
    fn switch_table(f: &Function, t: opt_conv_ir::Inst) -> impl Fn(u128) -> Block + use<> {
        let d = f.dfg().inst(t);
        let mut cases: FxHashMap<u128, Block> = FxHashMap::default();
        for (k, &c) in d.args[1..].iter().enumerate() {
            if let Some(v) = f.dfg().value_const(c).and_then(opt_conv_ir::Const::as_int) {
                cases.entry(v).or_insert(d.blocks[k + 1]);
            }
        }
        let default = d.blocks[0];
        move |v| cases.get(&v).copied().unwrap_or(default)
    }

    /// `cond`, an integer of `b` that is `v` at the end of `b` whichever the
    /// edge in, becomes `v` wherever `b` dominates the use: in the blocks
    /// after `b` (as LLVM replaces a condition its value analysis knows
    /// outside its block). Uses in `b` stay (an assumption may rest on
    /// them).
    fn replace_after(&self, f: &mut Function, b: Block, cond: Value, v: u128) {
        if f.dfg().value_inst(cond).and_then(|i| f.layout().inst_block(i)) != Some(b) {
            return;
        }
        let ty = f.dfg().value_type(cond);
        if self.m.types.int_bits(ty).is_none_or(|bits| bits > 64) {
            return;
        }
        let k = f.dfg_mut_preserving_cfg().make_const(opt_conv_ir::Const::int(&self.m.types, ty, v));
        let users: Vec<opt_conv_ir::Inst> = f.users_of(cond).into_iter().collect();
        for u in users {
            if f.layout().inst_block(u) == Some(b) {
                continue;
            }
            let n = f.dfg().inst(u).args.len();
            for a in 0..n {
                if f.dfg().inst(u).args[a] == cond {
                    f.set_operand(u, a, k);
                }
            }
        }
    }

    /// A value-fact engine for `f` as it is now ([`facts`]).
    fn facts<'a>(&'a self, f: &'a Function, cfg: &'a opt_conv_ir::analysis::Cfg) -> facts::Facts<'a> {
        facts::Facts::new(self.m, f, cfg).derefs_nonnull(self.null_invalid()).assumptions(self.has_assumes)
    }

    /// Whether null is not a valid address in the function (no
    /// `null_pointer_is_valid`): accessing memory through a pointer then
    /// says it is not null.
    fn null_invalid(&self) -> bool {
        self.m.func(self.fid).is_some_and(|d| !d.fn_attrs.has("null_pointer_is_valid"))
    }

    /// After a fold, the condition goes if nothing else uses it (not what
    /// it used).
    fn remove_dead_condition(&self, f: &mut Function, cond: Value) {
        if let Some(i) = f.dfg().value_inst(cond).filter(|&i| f.layout().inst_block(i).is_some())
            && !f.is_used(cond)
            && opt_conv_ir::effects::inst_effects(self.m, f, i).is_removable()
        {
            remove_inst(f, i);
        }
    }

    /// Makes `b`'s switch a branch to `dest`: every other edge goes (one
    /// phi entry each), as LLVM folds a switch it knows the way of.
    fn fold_switch_to(f: &mut Function, b: Block, dest: Block) {
        let t = f.terminator(b).expect("a switch");
        let before = f.cfg();
        let succs: Vec<Block> = f.dfg().inst(t).blocks.to_vec();
        let mut kept = false;
        for s in succs {
            if s == dest && !kept {
                kept = true;
            } else {
                // As LLVM removes a phi entry: the last takes its slot.
                for phi in f.phis(s).collect::<Vec<_>>() {
                    f.remove_incoming_swapping_last(phi, b);
                }
            }
        }
        f.set_branch(t, None, &[dest]);
        f.update_cfg(before, &[b]);
    }

    /// A switch on a constant goes to its case.
    fn fold_constant_switch(&mut self, f: &mut Function, b: Block) -> bool {
        let t = f.terminator(b).expect("a switch");
        let Some(v) = f.dfg().value_const(f.dfg().inst(t).args[0]).and_then(opt_conv_ir::Const::as_int) else {
            return false;
        };
        let dest = Self::switch_dest(f, t, v);
        if self.switch_fold_regroups(f, b, dest) {
            return false;
        }
        Self::fold_switch_to(f, b, dest);
        true
    }

    /// [`Self::fold_regroups`] for a switch of `b` made a branch to `dest`.
    fn switch_fold_regroups(&mut self, f: &Function, b: Block, dest: Block) -> bool {
        let mut dead: Vec<Block> = f.successors(b).iter().copied().filter(|&s| s != dest).collect();
        dead.dedup();
        self.fold_regroups(f, b, &dead)
    }

    /// A branch of `b` on a constant goes to its successor
    /// ([`fold_constant_branch`]), unless dropping the other edge would
    /// regroup an uncontrolled convergent operation ([`Self::fold_regroups`]).
    fn fold_constant(&mut self, f: &mut Function, b: Block) -> bool {
        let t = f.terminator(b).expect("checked");
        let d = f.dfg().inst(t);
        let Some(c) = f.dfg().value_const(d.args[0]).and_then(opt_conv_ir::Const::as_int) else { return false };
        let dead = d.blocks[usize::from(c != 0)];
        let taken = d.blocks[usize::from(c == 0)];
        if dead != taken && self.fold_regroups(f, b, &[dead]) {
            return false;
        }
        fold_constant_branch(f, b)
    }

    /// Whether dropping the edges from `b` to `dead` (a branch folded to
    /// its other successor; the branch never takes them) would change who
    /// is grouped at a convergent operation, which is refused
    /// (irreducible-edge, [`may_remove_edges`]): an operation that follows
    /// its loop's iterations (uncontrolled, or a loop intrinsic) whose block
    /// is in the loop only through a dropped edge would leave it while the
    /// loop stays, and threads that reached it in different iterations
    /// would execute it together; or an irreducible cycle changes as no
    /// cycle hierarchy of the original groups threads. Answered without a
    /// walk for a block that was in no cycle when the sweep started.
    fn fold_regroups(&mut self, f: &Function, b: Block, dead: &[Block]) -> bool {
        if !self.convergent {
            return false;
        }
        if let Some(why) = self.fold_walk(f, b) {
            self.missed(f, b, format!("not folding the terminator of {}: {why}", block_label(f, b)));
            return true;
        }
        if let Err(r) = may_remove_edges(self.m, f, b, dead, self.sweep_cycles.as_ref(), self.explain) {
            self.missed(f, b, format!("not folding the terminator of {}: {r}", block_label(f, b)));
            return true;
        }
        false
    }

    /// Counts the walks a fold question in `b` makes over the function: one
    /// to compute the cycles anew after a change, and one for the blocks
    /// that may share a cycle with `b` (which may be all of them). Why not
    /// to ask, once [`FOLD_QUESTION_WORK`] is spent. Counted the same
    /// whatever the answers, so what is folded does not depend on them.
    fn fold_walk(&mut self, f: &Function, b: Block) -> Option<String> {
        if self.sweep_cycles.as_ref().is_some_and(|k| !k.may_be_cyclic(b)) {
            return None;
        }
        let now = f.stamp(Changes::CFG);
        let walks = if self.fold_asked_at == Some(now) { 1 } else { 2 };
        if self.fold_walks >= FOLD_QUESTION_WORK {
            return Some(format!(
                "the fold questions of this function walked {} blocks already (the cycles are computed anew \
                 after each change); branches in blocks that may be in a cycle are not folded any more",
                self.fold_walks
            ));
        }
        self.fold_walks += walks * f.layout().num_blocks();
        self.fold_asked_at = Some(now);
        None
    }

    /// A switch whose value is known on some edges in ([`known`]): folded
    /// when every edge takes it to one successor, else one edge to the most
    /// popular successor is threaded (LLVM's bonus of 6 for a switch).
    fn thread_switch(&mut self, f: &mut Function, b: Block, headers: &EntitySet<Block>) -> bool {
        let t = f.terminator(b).expect("a switch");
        let cond = f.dfg().inst(t).args[0];
        let cfg = f.cfg();
        let mut edges = known::int_on_edges(self.m, f, &cfg, cond, b);
        facts::fill(self.facts(f, &cfg), cond, b, &mut edges);
        let npreds = edges.len();
        let dest_of = Self::switch_table(f, t);
        // The one value on every edge, if so.
        let only = edges.first().and_then(|e| e.1).filter(|&v| edges.iter().all(|e| e.1 == Some(v)));
        let known: Vec<(Block, Block)> = edges
            .into_iter()
            .filter_map(|(p, v)| v.map(|v| (p, dest_of(v))))
            .filter(|k| !ends_in_indirectbr(f, k.0))
            .collect();
        drop(cfg);
        if known.is_empty() {
            return false;
        }
        if known.len() == npreds && known.iter().all(|k| k.1 == known[0].1) {
            let dest = known[0].1;
            let msg = format!(
                "folded the switch of {}: it goes to {} from every edge in",
                block_label(f, b),
                block_label(f, dest)
            );
            if self.switch_fold_regroups(f, b, dest) {
                return false;
            }
            self.remarks.push((RemarkKind::Passed, block_label(f, b), msg));
            Self::fold_switch_to(f, b, dest);
            if let Some(v) = only {
                self.replace_after(f, b, cond, v);
            }
            self.remove_dead_condition(f, cond);
            return true;
        }
        if headers.contains(b) {
            return false;
        }
        let known = without_header_dests(known, headers);
        if known.is_empty() {
            return false;
        }
        // The most popular destination, ties to the first in successor order.
        let succs: Vec<Block> = f.dfg().inst(t).blocks.to_vec();
        let mut dest = known[0].1;
        let mut best = 0;
        for &s in &succs {
            let n = known.iter().filter(|k| k.1 == s).count();
            if n > best {
                (best, dest) = (n, s);
            }
        }
        if headers.contains(dest) || dest == b {
            return false;
        }
        self.thread_to(f, b, &known, dest, 6)
    }

    /// An `indirectbr` on the address of one of its successors (a
    /// `blockaddress` constant) becomes a branch there; one on a phi of `b`
    /// whose entries are such addresses on some edges has those edges
    /// threaded to the most popular of them (LLVM's bonus of 8 for an
    /// indirect branch), or is folded when every edge brings the same one.
    /// An edge from another `indirectbr` is never redirected.
    fn thread_indirect(&mut self, f: &mut Function, b: Block, headers: &EntitySet<Block>) -> bool {
        let t = f.terminator(b).expect("an indirectbr");
        let addr = f.dfg().inst(t).args[0];
        let succs: Vec<Block> = f.dfg().inst(t).blocks.to_vec();
        let fid = self.fid;
        let dest_of = |f: &Function, v: Value| match f.dfg().value_const(v).map(|c| &c.kind) {
            Some(opt_conv_ir::ConstKind::BlockAddress(g, x)) if *g == fid && succs.contains(x) => Some(*x),
            _ => None,
        };
        if let Some(dest) = dest_of(f, addr) {
            let msg = format!("folded the indirectbr of {}: it goes to {}", block_label(f, b), block_label(f, dest));
            self.remarks.push((RemarkKind::Passed, block_label(f, b), msg));
            Self::fold_switch_to(f, b, dest);
            return true;
        }
        let Some(phi) = f.dfg().value_inst(addr) else { return false };
        if !f.dfg().inst(phi).is_phi() || f.layout().inst_block(phi) != Some(b) {
            return false;
        }
        let entries: Vec<(Block, Option<Block>)> = {
            let d = f.dfg().inst(phi);
            d.blocks.iter().zip(&d.args).map(|(&p, &v)| (p, dest_of(f, v))).collect()
        };
        let known: Vec<(Block, Block)> =
            entries.iter().filter_map(|&(p, d)| d.map(|d| (p, d))).filter(|k| !ends_in_indirectbr(f, k.0)).collect();
        if known.is_empty() {
            return false;
        }
        if known.len() == entries.len() && known.iter().all(|k| k.1 == known[0].1) {
            let dest = known[0].1;
            let msg = format!(
                "folded the indirectbr of {}: it goes to {} from every edge in",
                block_label(f, b),
                block_label(f, dest)
            );
            self.remarks.push((RemarkKind::Passed, block_label(f, b), msg));
            Self::fold_switch_to(f, b, dest);
            self.remove_dead_condition(f, addr);
            return true;
        }
        if headers.contains(b) {
            return false;
        }
        let known = without_header_dests(known, headers);
        if known.is_empty() {
            return false;
        }
        // The most popular destination, ties to the first in successor order.
        let mut dest = known[0].1;
        let mut best = 0;
        for s in f.successors(b).to_vec() {
            let n = known.iter().filter(|k| k.1 == s).count();
            if n > best {
                (best, dest) = (n, s);
            }
        }
        if headers.contains(dest) || dest == b {
            return false;
        }
        self.thread_to(f, b, &known, dest, 8)
    }

    /// A branch on a phi of `b` (or a freeze of one) is copied into the
    /// first predecessor that falls through to `b`, so that the predecessor
    /// decides itself.
    fn duplicate_branch_on_phi(&mut self, f: &mut Function, b: Block, headers: &EntitySet<Block>) -> bool {
        let t = f.terminator(b).expect("checked");
        let mut cond = f.dfg().inst(t).args[0];
        // A branch on a freeze of a phi of `b` is copied with the freeze.
        if let Some(fr) = f
            .dfg()
            .value_inst(cond)
            .filter(|&i| f.dfg().inst(i).kind == InstKind::Freeze && f.layout().inst_block(i) == Some(b))
        {
            cond = f.dfg().inst(fr).args[0];
        }
        let Some(phi) = f.dfg().value_inst(cond) else { return false };
        if !f.dfg().inst(phi).is_phi() || f.layout().inst_block(phi) != Some(b) || headers.contains(b) {
            return false;
        }
        if self.cost(f, b) > self.threshold || self.lifetime_alloca_outside(f, b) {
            return false;
        }
        let header = self.header_copy(f, b);
        if header == Some(false) {
            return false;
        }
        let incoming: Vec<Block> = f.dfg().inst(phi).blocks.to_vec();
        for p in incoming {
            let falls_through = f.successors(p) == [b] && p != b;
            if !falls_through || f.terminator(p).is_none_or(|pt| f.dfg().inst(pt).kind != InstKind::Br) {
                continue;
            }
            if let Some(why) = self.refused(f, Query::DuplicateInto { pred: p, block: b }) {
                let msg = format!("not copying the branch of {} into {}: {why}", block_label(f, b), block_label(f, p));
                self.missed(f, b, msg);
                continue;
            }
            let (lp, lb) = (block_label(f, p), block_label(f, b));
            thread::duplicate_into(self.m, f, p, b, &mut self.scopes);
            self.header_copies += u32::from(header.is_some());
            self.remarks.push((RemarkKind::Passed, lb.clone(), format!("copied the branch of {lb} into {lp}")));
            return true;
        }
        false
    }

    /// Whether `b` defines an alloca that a lifetime marker outside `b`
    /// uses. Copying `b` would give the marker a phi of the copies, which
    /// LLVM 22's verifier rejects (a marker names one alloca); opt-22's own
    /// jump threading breaks `JumpThreading/lifetime-alloca.ll` that way.
    fn lifetime_alloca_outside(&mut self, f: &Function, b: Block) -> bool {
        // Use lists only for the rare block that holds an alloca.
        if !f.block_insts(b).any(|i| matches!(f.dfg().inst(i).kind, InstKind::Alloca { .. })) {
            return false;
        }
        let uses = f.uses();
        let found = f.block_insts(b).find(|&i| {
            matches!(f.dfg().inst(i).kind, InstKind::Alloca { .. })
                && f.dfg().inst_result(i).is_some_and(|v| {
                    uses.users(v).iter().any(|&u| {
                        f.layout().inst_block(u) != Some(b)
                            && opt_conv_legality::convergence::callee_decl(self.m, f, f.dfg().inst(u))
                                .is_some_and(|c| c.name.starts_with("llvm.lifetime."))
                    })
                })
        });
        if let Some(a) = found {
            let msg = format!(
                "not copying {}: lifetime markers outside it use {}, and would need a phi of the copies",
                block_label(f, b),
                inst_label(f, a)
            );
            self.missed(f, b, msg);
        }
        found.is_some()
    }

    /// Across loop headers, for a block `b` that heads a cycle now: whether
    /// another copy of such a block may be made ([`HEADER_COPIES_MIN`]); a
    /// missed remark when not. `None` for any other block.
    fn header_copy(&mut self, f: &Function, b: Block) -> Option<bool> {
        if !self.across_headers {
            return None;
        }
        let cycles = f.cycles();
        if !cycles.cycles().any(|c| cycles.entries(c).contains(&b)) {
            return None;
        }
        if self.header_copies < self.header_copy_budget {
            return Some(true);
        }
        let msg = format!(
            "not copying {}, which heads a loop: {} copies of loop headers were made in this function already \
             (each peels an iteration, and the copy's edge into the loop may be decided again, without end)",
            block_label(f, b),
            self.header_copies
        );
        self.missed(f, b, msg);
        Some(false)
    }

    /// Whether `p`'s terminator can be pointed elsewhere.
    fn redirectable(&self, f: &Function, p: Block) -> bool {
        f.terminator(p).is_some_and(|t| matches!(f.dfg().inst(t).kind, InstKind::Br | InstKind::Switch))
    }

    /// The oracle's refusal of `q`, if any (none without convergent operations).
    fn refused(&mut self, f: &Function, q: Query) -> Option<String> {
        let why = self.refused_by_query(f, q.clone());
        // Across loop headers, a copy of a cycle's entry moves the entry
        // (rule irreducible-edge); otherwise entries are never copied.
        if why.is_none()
            && self.convergent
            && self.across_headers
            && let Query::Thread { block, .. } | Query::DuplicateInto { block, .. } = q
            && let Verdict::Refused(r) = Oracle::cycle_entry_copy(self.m, f, block, self.explain)
        {
            return Some(r.to_string());
        }
        why
    }

    fn refused_by_query(&mut self, f: &Function, q: Query) -> Option<String> {
        if !self.convergent {
            return None;
        }
        // Most blocks copy nothing convergent: no need to bring the oracle
        // up to date (a pass over the function) to hear that.
        if let Query::Thread { block, .. } | Query::DuplicateInto { block, .. } = q
            && Oracle::copies_nothing_convergent(f, block, self.mode)
        {
            return None;
        }
        // A new branch matters only to uncontrolled operations.
        if matches!(q, Query::UnfoldSelect { .. }) && self.mode == FunctionConvergence::Controlled {
            return None;
        }
        // Edits this pass did not flag (folds) leave it behind too.
        self.stale |= self.asked_at.is_some_and(|at| at != f.stamp(Changes::ALL));
        if self.asked_at.is_some() && self.stale {
            if self.refreshes >= self.refresh_budget {
                // Refusing is always legal; refreshing without bound is
                // quadratic in a huge function that threads many blocks.
                return Some(format!(
                    "the legality oracle was brought up to date {} times in this function already (each \
                     walks the whole function); blocks with calls are not copied any more",
                    self.refreshes
                ));
            }
            // Counted whether or not the quick answer below spares the walk,
            // so that what is threaded does not depend on it.
            self.refreshes += 1;
        }
        self.asked_at = Some(f.stamp(Changes::ALL));
        self.stale = false;
        let quick = Oracle::quick_thread_verdict(self.m, self.fid, f, &q, self.mode, self.explain);
        let verdict = match quick {
            Some(v) => v,
            None => {
                match &mut self.oracle {
                    Some(o) if !o.is_current(f) => o.refresh(f),
                    Some(_) => {}
                    None => self.oracle = Some(Oracle::new(self.m, self.fid, f).explaining(self.explain)),
                }
                self.oracle.as_ref().expect("built above").ask(f, &q)
            }
        };
        match verdict {
            Verdict::Legal(_) => None,
            Verdict::Refused(r) => Some(r.to_string()),
        }
    }

    fn missed(&mut self, f: &Function, b: Block, msg: String) {
        tracing::debug!(target: "opt_conv::jump-threading", "{msg}");
        if !self.remarks.iter().any(|r| r.2 == msg) {
            self.remarks.push((RemarkKind::Missed, block_label(f, b), msg));
        }
    }

    /// LLVM's duplication cost of `b`'s instructions (phis and terminator
    /// excluded): calls 4, intrinsic calls 2, free casts and markers 0,
    /// anything else 1; a block with inline assembly, or defining a token
    /// used outside it, is never copied.
    fn cost(&self, f: &Function, b: Block) -> u32 {
        self.cost_with(f, b, self.threshold)
    }

    /// [`Self::cost`], counted until it passes `threshold`.
    fn cost_with(&self, f: &Function, b: Block, threshold: u32) -> u32 {
        let mut size = 0;
        for i in f.block_insts(b) {
            let d = f.dfg().inst(i);
            if d.is_phi() || d.is_terminator() {
                continue;
            }
            let asm = d.callee().is_some_and(|c| matches!(f.dfg().value(c).def, ValueDef::Asm(_)));
            if asm {
                // Inline assembly may define a label: never copied (as in
                // LLVM after version 22).
                return u32::MAX;
            }
            // Copies of a token used elsewhere would need a phi of tokens.
            // The oracle answers for convergence control tokens, with its
            // rule; this is for the others (DirectX resources, coroutines).
            if let Some(r) = d.result()
                && self.m.types.is_token_like(f.dfg().value_type(r))
                && !matches!(
                    opt_conv_legality::convergence::classify(self.m, f, d),
                    opt_conv_legality::convergence::ConvOp::Intrinsic { .. }
                )
                && f.uses().users(r).iter().any(|&u| f.layout().inst_block(u) != Some(b))
            {
                return u32::MAX;
            }
            size += match &d.kind {
                InstKind::Call(_) => {
                    let callee = opt_conv_legality::convergence::callee_decl(self.m, f, d);
                    match callee.map(|c| c.name.as_ref()) {
                        Some(n)
                            if n.starts_with("llvm.lifetime.") || n == "llvm.assume" || n.starts_with("llvm.dbg.") =>
                        {
                            0
                        }
                        Some(n) if n.starts_with("llvm.") => 2,
                        _ => 4,
                    }
                }
                InstKind::Cast { .. } if matches!(d.opcode_name(), "bitcast" | "addrspacecast" | "ptrtoint") => 0,
                _ => 1,
            };
            if size > threshold {
                break;
            }
        }
        size
    }
}
