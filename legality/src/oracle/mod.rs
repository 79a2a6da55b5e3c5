//! The legality oracle: what every pass asks before it moves, merges or
//! duplicates code, or inlines a call.
//!
//! One entry point, [`Oracle::ask`], takes a [`Query`] and answers with a
//! [`Verdict`]: legal (with any obligations the transform must honour, such
//! as "the anchor and these users move together"), or refused with a
//! [`Refusal`] naming the [`Rule`], the instructions and blocks involved, and
//! the section of `ConvergentOperations.rst` the rule comes from. The rules
//! are documented with examples in `legality/RULES.md`.
//!
//! The oracle is built on the convergence model ([`ConvergenceInfo`]) and on
//! uniformity for legality ([`UniformityInfo`] in [`Mode::Legality`]): a
//! branch is *uniform at a point* when every group of threads that shares a
//! token's dynamic instance there took it the same way (`uniform.rs`).
//!
//! ```
//! use opt_conv_ir::{parse_module, Function};
//! use opt_conv_legality::oracle::{InsertPoint, Oracle, Query, Rule, Verdict};
//!
//! let src = r#"
//! target triple = "amdgcn-amd-amdhsa"
//! declare i32 @llvm.amdgcn.workitem.id.x()
//! declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
//! declare void @use(i32)
//! define void @k(i32 %x) convergent {
//! entry:
//!   %e = call token @llvm.experimental.convergence.entry()
//!   %tid = call i32 @llvm.amdgcn.workitem.id.x()
//!   %sum = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
//!   %c = icmp eq i32 %tid, 0
//!   br i1 %c, label %then, label %end
//! then:
//!   call void @use(i32 %sum)
//!   br label %end
//! end:
//!   ret void
//! }
//! "#;
//! let (m, _) = parse_module("k.ll", src).unwrap();
//! let fid = m.func_by_name("k").unwrap();
//! let f: &Function = m.body(fid).unwrap();
//! let oracle = Oracle::new(&m, fid, f);
//! let sum = f.inst_by_name("sum").unwrap();
//! let then = f.block_by_name("then").unwrap();
//! // Sinking the reduction under the divergent `%c` would change who communicates.
//! match oracle.ask(f, &Query::Move { insts: vec![sum], to: InsertPoint::BlockStart(then) }) {
//!     Verdict::Refused(r) => assert_eq!(r.rule, Rule::EntryOrHeartToken),
//!     Verdict::Legal(_) => unreachable!("a divergent branch"),
//! }
//! ```

mod inline;
mod loops;
mod movement;
mod names;
mod rules;
mod structure;
#[cfg(test)]
mod tests;
mod threading;
#[cfg(test)]
mod threading_tests;
mod uniform;

use crate::convergence::ConvergenceInfo;
use crate::uniformity::{Mode, Target, UniformityInfo};
use opt_conv_ir::analysis::{Cfg, CycleId, CycleInfo, DomTree, FunctionAnalyses, PartPostDomTree, PostDomTree};
use opt_conv_ir::{Block, Changes, FuncId, Function, Inst, Module, Value};
use rustc_hash::FxHashMap;
use std::cell::{OnceCell, RefCell};
use std::sync::Arc;

pub use inline::InlinePlan;
pub use loops::unroll_verdict_from_blocks;
pub use rules::{Refusal, Rule};

/// A program point an instruction can be moved to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum InsertPoint {
    /// Just before this instruction.
    Before(Inst),
    /// The first insertion point of the block (after its phis).
    BlockStart(Block),
    /// Just before the block's terminator.
    BlockEnd(Block),
}

/// How a loop is to be unrolled.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum UnrollKind {
    /// Completely: the loop disappears.
    Full,
    /// By a factor that divides the trip count (or a known trip multiple): no remainder.
    PartialNoRemainder,
    /// By a factor, every copy keeping its exit test: no remainder loop, and
    /// each original iteration runs in the same copy for every thread (the
    /// spec's unrolling "without tail").
    KeepExits,
    /// By a factor with a remainder loop for the leftover iterations.
    Runtime {
        /// The values the run-time trip count is computed from (start and
        /// limit; the step is a constant), when the pass knows them. The
        /// oracle decides whether they are uniform for the loop's threads.
        trip_count_of: Option<(Value, Value)>,
        /// Whether the count is computed through a `freeze` of those
        /// values (the exit test may not run in every iteration, so they
        /// may be poison where the count is computed). A freeze of undef or
        /// poison may pick a different value in each thread: the values
        /// must then be well defined too.
        frozen: bool,
    },
}

/// A question a pass asks before it transforms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Query {
    /// Move instructions, in order, to one program point. Either a single
    /// instruction, or a token definition followed by the users of its
    /// token that move with it (kept in this order at the destination).
    Move {
        /// What moves.
        insts: Vec<Inst>,
        /// Where to.
        to: InsertPoint,
    },
    /// Replace two equivalent instructions by one at a common dominator.
    Merge {
        /// One instruction.
        a: Inst,
        /// The other, equivalent one.
        b: Inst,
        /// Where the merged instruction goes.
        to: InsertPoint,
    },
    /// Thread the edge `pred -> block` to `succ`: a copy of `block` (whose
    /// branch is known to go to `succ` on that edge) is made for `pred`.
    Thread {
        /// The predecessor whose edge is redirected.
        pred: Block,
        /// The block that is bypassed (duplicated for `pred`).
        block: Block,
        /// The successor the copy branches to.
        succ: Block,
    },
    /// Copy `block`'s instructions and terminator into the end of `pred`,
    /// one of its predecessors, which branched only to it (LLVM's
    /// duplication of a conditional branch on a phi into a predecessor).
    DuplicateInto {
        /// The predecessor that gets the copy.
        pred: Block,
        /// The block copied (it stays for its other predecessors).
        block: Block,
    },
    /// End `block` in a new conditional branch on `cond` whose two arms meet
    /// again at once, with nothing between: a `select` on `cond` unfolded
    /// into a branch and a phi (LLVM's jump threading does it so that the
    /// edges can be threaded). Nothing moves or is copied; what follows the
    /// branch is reached by the same threads, but possibly no longer
    /// together.
    UnfoldSelect {
        /// The block that gets the branch.
        block: Block,
        /// The branch condition (the select's).
        cond: Value,
    },
    /// Fold straight-line `block` into `pred`, its only predecessor, which
    /// branches only to it (see [`Oracle::block_merge`]).
    MergeBlocks {
        /// The predecessor that absorbs `block`.
        pred: Block,
        /// The block folded away.
        block: Block,
    },
    /// Unroll the loop of `cycle` in the given way.
    Unroll {
        /// The loop.
        cycle: CycleId,
        /// Full, no remainder, or with a remainder.
        kind: UnrollKind,
    },
    /// Inline the direct call `call`.
    Inline {
        /// The call site.
        call: Inst,
    },
}

/// What the transform must do for the verdict to hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Obligation {
    /// These instructions move together, in this order (an anchor and all
    /// the users of its token).
    MoveTogether(Vec<Inst>),
    /// The loop heart is not duplicated: every unrolled copy uses its token.
    KeepHeart(Inst),
    /// Every anchor in the loop is duplicated with its copy of the body, so
    /// that each copy has its own anchor.
    DuplicateAnchors,
    /// Inlining: how to connect the callee's convergence to the call site.
    Inline(InlinePlan),
}

/// The oracle's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The transform is legal if the obligations are honoured.
    Legal(Vec<Obligation>),
    /// The transform is forbidden.
    Refused(Refusal),
}

impl Verdict {
    /// Legal without obligations.
    pub fn legal() -> Verdict {
        Verdict::Legal(Vec::new())
    }
    /// Whether the transform may go ahead.
    pub fn is_legal(&self) -> bool {
        matches!(self, Verdict::Legal(_))
    }
    /// The refusal, if refused.
    pub fn refusal(&self) -> Option<&Refusal> {
        match self {
            Verdict::Refused(r) => Some(r),
            Verdict::Legal(_) => None,
        }
    }
}

/// Convergence and uniformity of one function, as an oracle computed them
/// (see [`Oracle::analyses`]).
#[derive(Clone)]
pub struct OracleAnalyses {
    conv: Arc<ConvergenceInfo>,
    uniformity: OnceCell<Arc<UniformityInfo>>,
    built: (u64, u64),
}

/// The analyses a verdict depends on, for one function.
///
/// **Freshness.** The oracle records the body's stamp
/// ([`Function::stamp`]) when it computes its analyses. A question asked
/// after the CFG changed is answered by a fresh computation, so a pass
/// cannot get a verdict from a stale CFG. Moving, adding or removing
/// ordinary instructions leaves the convergence model valid (it reads only
/// convergent calls, token uses and the CFG), and uniformity answers for
/// where each instruction is now (a result moved out of a cycle that
/// threads may leave apart is divergent, a created one is assumed
/// divergent, and a pass that moves one into a cycle calls
/// [`Oracle::forget_uniformity`]); a pass that moves, copies or removes a
/// *convergent* operation calls [`Oracle::refresh`]. Debug builds check
/// every answer given after such edits against a fresh oracle (the same
/// answer with a fresh convergence model; nothing allowed that a fresh
/// oracle refuses), and uniformity kept by a refresh against a fresh
/// analysis (on functions small enough for that to stay cheap), so a
/// forgotten refresh or an edit the kept uniformity misses fails the
/// tests. Kept uniformity may be more cautious than a fresh analysis
/// (an edit can make a value more uniform), never less.
pub struct Oracle<'m> {
    m: &'m Module,
    fid: FuncId,
    built: (u64, u64),
    conv: Arc<ConvergenceInfo>,
    /// Computed when a question first needs it (many need none: see
    /// [`Oracle::copies_nothing_convergent`], and moves of non-convergent
    /// code), and again after the CFG changed.
    uniformity: OnceCell<Arc<UniformityInfo>>,
    cfg: Arc<Cfg>,
    dt: Arc<DomTree>,
    pdt: Arc<PostDomTree>,
    cycles: Arc<CycleInfo>,
    /// Per cycle, the post-dominator tree of one of its iterations (built
    /// when first asked for; see [`Oracle::iteration_pdt`]).
    iteration_pdts: RefCell<FxHashMap<CycleId, Arc<PartPostDomTree>>>,
    explain: bool,
}

impl<'m> Oracle<'m> {
    /// The oracle for function `fid` of `m`, whose body is `f` (passes take
    /// the body out of the module while they run).
    pub fn new(m: &'m Module, fid: FuncId, f: &Function) -> Oracle<'m> {
        let conv = Arc::new(ConvergenceInfo::compute(m, f));
        Oracle {
            m,
            fid,
            built: f.stamp(Changes::ALL),
            uniformity: OnceCell::new(),
            conv,
            cfg: f.cfg(),
            dt: f.domtree(),
            pdt: f.postdomtree(),
            cycles: f.cycles(),
            iteration_pdts: RefCell::default(),
            explain: true,
        }
    }

    /// The function-level analyses this oracle was built from, to build
    /// another oracle for the same function cheaply while it is unchanged
    /// ([`Oracle::with_analyses`]); they hold no borrow of the module.
    pub fn analyses(&self) -> OracleAnalyses {
        OracleAnalyses { conv: self.conv.clone(), uniformity: self.uniformity.clone(), built: self.built }
    }

    /// An oracle from analyses an earlier oracle computed for `f`; if the
    /// CFG changed since, they are computed again.
    pub fn with_analyses(m: &'m Module, fid: FuncId, f: &Function, a: OracleAnalyses) -> Oracle<'m> {
        if a.built.0 != f.stamp(Changes::CFG).0 {
            return Oracle::new(m, fid, f);
        }
        let o = Oracle {
            m,
            fid,
            built: a.built,
            conv: a.conv,
            uniformity: a.uniformity,
            cfg: f.cfg(),
            dt: f.domtree(),
            pdt: f.postdomtree(),
            cycles: f.cycles(),
            iteration_pdts: RefCell::default(),
            explain: true,
        };
        #[cfg(debug_assertions)]
        o.check_kept_uniformity(f);
        o
    }

    /// Whether refusals name instructions and blocks exactly as the printer
    /// does (the default). Exact names need the printer's numbering of the
    /// whole function, recomputed after every change; a pass that changes
    /// the function between many questions and shows no remarks turns this
    /// off, and refusals then use the values' own names (`%x`, or the
    /// opcode for an unnamed value), which may differ from the printed ones
    /// where names collide.
    pub fn explaining(mut self, exact_names: bool) -> Self {
        self.explain = exact_names;
        self
    }

    /// Brings the oracle up to date after `f` changed. Uniformity is kept
    /// unless the CFG changed: it answers for where an instruction is now
    /// when one moved out of a cycle (see `UniformityInfo::is_divergent`),
    /// and a pass that moves one into a cycle calls
    /// [`Oracle::forget_uniformity`].
    pub fn refresh(&mut self, f: &Function) {
        if self.built == f.stamp(Changes::ALL) {
            // Nothing changed since it was built or last refreshed.
            return;
        }
        self.built = f.stamp(Changes::ALL);
        let cfg = f.cfg();
        self.conv = Arc::new(ConvergenceInfo::compute(self.m, f));
        if !Arc::ptr_eq(&cfg, &self.cfg) {
            self.uniformity = OnceCell::new();
            self.dt = f.domtree();
            self.pdt = f.postdomtree();
            self.cycles = f.cycles();
            self.cfg = cfg;
            self.iteration_pdts = RefCell::default();
        }
        #[cfg(debug_assertions)]
        self.check_kept_uniformity(f);
    }

    /// Drops the kept uniformity; the next question that needs it computes
    /// it for `f` as it is then. For an edit that leaves the CFG alone but
    /// after which a fresh analysis finds more divergent than the kept one
    /// says: an instruction moved *into* a cycle that its threads may leave
    /// apart (a loop exit's code hoisted into the exiting block). The
    /// analysis takes every use outside a cycle of a value defined in it as
    /// temporally divergent, and the users of the moved instruction outside
    /// the cycle, analysed while it was outside, do not know they now are
    /// such uses. (The values are the same as before the move; keeping the
    /// analysis would be sound, but would let the answers depend on when
    /// the oracle was built.)
    pub fn forget_uniformity(&mut self) {
        self.uniformity = OnceCell::new();
    }

    /// Debug builds: uniformity kept across edits that left the CFG alone
    /// must still be sound for `f` as it is now. Everything a fresh analysis
    /// finds divergent, it finds divergent too (it may find more: a move
    /// into a cycle makes a result more uniform). Checked on functions small
    /// enough for a fresh analysis per edit to stay cheap.
    #[cfg(debug_assertions)]
    fn check_kept_uniformity(&self, f: &Function) {
        let Some(kept) = self.uniformity.get() else { return };
        if f.layout().num_blocks() > 200 {
            return;
        }
        let fresh = Self::compute_uniformity(self.m, self.fid, f, &self.conv);
        let stale = |what: String| -> ! {
            panic!("the oracle's kept uniformity is stale: {what} is divergent, and it says uniform")
        };
        for (b, i) in f.insts_in_order() {
            let term = f.dfg().inst(i).is_terminator();
            if term && fresh.has_divergent_terminator(b) && !kept.has_divergent_terminator(b) {
                stale(format!("the branch of {b:?}"));
            }
            if !term && fresh.is_divergent_inst(f, i) && !kept.is_divergent_inst(f, i) {
                stale(format!("{i:?} in {b:?}"));
            }
        }
        for c in self.cycles.cycles() {
            if fresh.may_leave_apart(c) && !kept.may_leave_apart(c) {
                stale(format!("the exit of cycle {c:?}"));
            }
        }
    }

    /// Uniformity for legality ([`Mode::Legality`]) under the module's
    /// target model; a target without one (no triple, a CPU triple) gets the
    /// conservative [`Target::Unknown`] model rather than "nothing diverges",
    /// since a module with convergent operations is meant for some SIMT machine.
    fn compute_uniformity(m: &Module, fid: FuncId, f: &Function, conv: &Arc<ConvergenceInfo>) -> UniformityInfo {
        UniformityInfo::compute_with(m, fid, f, legality_target(m), Mode::Legality, Some(conv.clone()))
    }

    /// Whether the oracle was built or refreshed for `f` as it is now (if
    /// not, [`Oracle::ask`] answers from a fresh oracle, a walk of the
    /// whole function per question: a pass asking many should
    /// [`Oracle::refresh`] first).
    pub fn is_current(&self, f: &Function) -> bool {
        f.stamp(Changes::ALL) == self.built
    }

    /// The one entry point: may the transform described by `q` be done?
    pub fn ask(&self, f: &Function, q: &Query) -> Verdict {
        let now = f.stamp(Changes::ALL);
        if now.0 != self.built.0 {
            tracing::debug!(target: "opt_conv::oracle", "the CFG changed since the oracle was built: asking a fresh one");
            return Oracle::new(self.m, self.fid, f).explaining(self.explain).ask(f, q);
        }
        let v = self.answer(f, q);
        #[cfg(debug_assertions)]
        if now.1 != self.built.1 && f.layout().num_blocks() <= 200 {
            self.check_answer(f, q, &v);
        }
        v
    }

    /// Debug builds: `v`, the answer to `q` after edits made since the last
    /// refresh. The convergence model must be current: an oracle with a
    /// fresh model and the same uniformity answers alike (a convergent
    /// operation moved without [`Oracle::refresh`] shows here). The kept
    /// uniformity must be sound: what it allows, a fresh oracle allows too.
    /// It may refuse what a fresh one allows: an edit can make a value more
    /// uniform than when the analysis ran (merging two instructions makes
    /// the incoming values of a phi at a divergent join one value), which
    /// it does not see; refusing is always sound.
    #[cfg(debug_assertions)]
    fn check_answer(&self, f: &Function, q: &Query, v: &Verdict) {
        let same_uniformity = Oracle {
            m: self.m,
            fid: self.fid,
            built: self.built,
            conv: Arc::new(ConvergenceInfo::compute(self.m, f)),
            uniformity: self.uniformity.clone(),
            cfg: self.cfg.clone(),
            dt: self.dt.clone(),
            pdt: self.pdt.clone(),
            cycles: self.cycles.clone(),
            iteration_pdts: RefCell::default(),
            explain: false,
        };
        assert_eq!(
            v.refusal().map(|r| r.rule),
            same_uniformity.answer(f, q).refusal().map(|r| r.rule),
            "the oracle's analyses are stale for {q:?}: a convergent operation moved without Oracle::refresh"
        );
        if v.is_legal() {
            let fresh = Oracle::new(self.m, self.fid, f).explaining(false).answer(f, q);
            assert!(
                fresh.is_legal(),
                "the oracle's kept uniformity is stale for {q:?}: it allows what a fresh oracle refuses: {}",
                fresh.refusal().map(ToString::to_string).unwrap_or_default()
            );
        }
    }

    fn answer(&self, f: &Function, q: &Query) -> Verdict {
        let v = match q {
            Query::Move { insts, to } => self.check_move(f, insts, *to),
            Query::Merge { a, b, to } => self.check_merge(f, *a, *b, *to),
            Query::Thread { pred, block, succ } => self.check_thread(f, *pred, *block, Some(*succ)),
            Query::DuplicateInto { pred, block } => self.check_thread(f, *pred, *block, None),
            Query::UnfoldSelect { block, cond } => self.check_unfold_select(f, *block, *cond),
            Query::MergeBlocks { pred, block } => Self::block_merge(self.m, f, *pred, *block),
            Query::Unroll { cycle, kind } => self.check_unroll(f, *cycle, *kind),
            Query::Inline { call } => self.check_inline(f, *call),
        };
        if let Verdict::Refused(r) = &v {
            tracing::debug!(target: "opt_conv::oracle", query = ?q, "refused: {r}");
        }
        v
    }

    /// The convergence model the oracle uses.
    pub fn convergence(&self) -> &ConvergenceInfo {
        &self.conv
    }

    /// The uniformity analysis the oracle decides from ([`Mode::Legality`]);
    /// ask [`Oracle::branch_uniform_at`] and [`Oracle::value_uniform_at`],
    /// which account for where the question is asked from.
    pub fn uniformity(&self, f: &Function) -> &UniformityInfo {
        self.uniformity.get_or_init(|| Arc::new(Self::compute_uniformity(self.m, self.fid, f, &self.conv)))
    }

    /// A conditional branch or switch whose targets are all the same block
    /// offers no choice.
    fn has_real_choice(&self, _f: &Function, b: Block) -> bool {
        let succs = self.cfg.succs(b);
        succs.iter().any(|&s| s != succs[0])
    }

    fn block(&self, f: &Function, i: Inst) -> Block {
        f.layout().inst_block(i).expect("instruction in the layout")
    }

    fn point_block(&self, f: &Function, p: InsertPoint) -> Block {
        match p {
            InsertPoint::Before(i) => self.block(f, i),
            InsertPoint::BlockStart(b) | InsertPoint::BlockEnd(b) => b,
        }
    }
}

/// The target model of the oracle's uniformity (see
/// [`Oracle::uniformity`]): the module's, or [`Target::Unknown`] for one
/// without divergence.
fn legality_target(m: &Module) -> Target {
    match Target::of_module(m) {
        Target::NoDivergence => Target::Unknown,
        t => t,
    }
}
