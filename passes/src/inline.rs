//! `inline`: inlines direct calls to defined functions, callees before
//! callers (the order of LLVM's CGSCC inliner), asking the legality oracle
//! how to connect convergence:
//!
//! * the callee's entry intrinsic is replaced with the call site's token
//!   (`ConvergentOperations.rst`, "llvm.experimental.convergence.entry");
//! * a convergent call without a token into a callee that uses the entry
//!   intrinsic is refused with LLVM's message, "convergent call needs
//!   convergencectrl operand";
//! * a controlled call into an uncontrolled callee gets tokens inferred in
//!   the inlined copy, rooted at the call site's token, so the caller stays
//!   controlled (LLVM leaves such mixed IR broken).
//!
//! Which calls: always-inline ones (the callee or the call site
//! `alwaysinline`) always, `noinline` call sites never (nor `noinline`
//! callees at other call sites), nor a call that inlining a function
//! brought in and that calls that function again (LLVM's inline history;
//! the call is marked `noinline`), nor a call to a function that calls
//! itself where that call is reached once the call's constant arguments
//! are folded (LLVM's "recursive"; an always-inline one not if it calls
//! itself at all). Calls within a call-graph cycle are inlined as LLVM's
//! CGSCC inliner inlines them (see [`Run::inline_cycle`]): a cycle's
//! functions share one list of calls, the calls each inlining brings in
//! after all earlier ones, so the cycle's functions grow evenly until
//! their calls are too costly; a function may be inlined into itself (its
//! body as it is then), and is deleted if that took its last call. Not
//! done: LLVM's revisit of the pieces a cycle splits into, and its cost
//! multiplier for calls into another cycle. Before any cost, the rules of
//! [`crate::inline_rules`]: callees whose body cannot work elsewhere
//! (`va_start`, `llvm.localescape`, an exposed `returns_twice` call),
//! interposable callees, incompatible attributes, `optnone` callers. Others
//! when a cost estimate stays
//! under LLVM's threshold (five per instruction, 25 more per call, a
//! switch's compares as LLVM counts them without a target's jump tables;
//! free unconditional branches, one return, bitcasts, conversions between
//! pointers and native integers as wide (LLVM's target-independent rule)
//! and convergence intrinsics; a bonus making the last call to a local
//! function always worth it). Only what the call would run counts, as in
//! LLVM's analysis: the callee's blocks still reached once what it decides
//! alone is folded, and with it the call's constant arguments, its null
//! tests of arguments known not to be null (`nonnull` at the call or on
//! the parameter), and the differences and equality of pointer arguments
//! into one object at constant `inbounds` offsets (see [`fold_for_call`]);
//! the inlined copy folds the same.
//! The threshold is LLVM's (see [`Threshold`]): 225, or `-inline-threshold=N`, raised to 325 for an
//! `inlinehint` callee, lowered for `optsize` and `minsize` callers, half
//! again for a single-block callee, up to two and a half times for a callee
//! dense in vector instructions, and zero at a call that ends in
//! `unreachable`.
//!
//! The inlined copy looks as LLVM's does: values and blocks get a `.i`
//! suffix, the callee's entry block joins the call's block, a single return
//! joins the code after the call, several returns meet in `<callee>.exit`
//! with a phi, static allocas move to the caller's entry block with
//! `llvm.lifetime.start`/`end` around the inlined body (see
//! [`add_lifetime_markers`]), and copies of the callee's entry allocas left
//! unused are deleted (other unused copies stay, as LLVM leaves them). A `byval` argument gets its copy (an alloca and
//! `llvm.memcpy`, with lifetime markers too), inlined calls keep no tail marker
//! stronger than the call site's, and the caller takes the callee's
//! attributes as LLVM merges them.
//!
//! Exception handling with landing pads is handled as LLVM's
//! `InlineFunction` does: a callee with invokes keeps them (the caller
//! takes its personality, and a different one refuses the call), and at an
//! `invoke` call site the inlined calls that may unwind become invokes to
//! the site's landing pad, the callee's landing pads take its clauses, and
//! its `resume`s join the site's landing pad (see [`unwind_to_invoke_dest`]).
//! Funclet pads, `indirectbr` and taken block addresses are refused
//! ([`crate::eh::why_inliner_leaves_alone`]); a callee only for the
//! address of a block its entry reaches, as in LLVM (one whose taken
//! addresses are all of blocks never reached is inlined, and those blocks
//! are not copied: [`crate::eh::why_inliner_leaves_callee_alone`]). As
//! LLVM's pruning cloner,
//! only the callee's blocks reachable from its entry are copied, and the
//! copy is simplified with the call's arguments ([`prune_copy`]: values
//! fold, as LLVM's constant folding and InstSimplify fold them, see
//! [`fold_more`]; branches on constants go one way, blocks no longer reached go,
//! phis bringing one value are replaced by it), then fall-through branches
//! between copied blocks are merged. A callee with dynamic allocas (always
//! inline, or sized by a parameter the call gives a constant) has its
//! inlined code bracketed with `llvm.stacksave`/`llvm.stackrestore`, as in
//! LLVM. `always-inline` ([`crate::always_inline`]) shares all of this.
//! Not done: a callee that calls `llvm.experimental.deoptimize` is not
//! inlined (LLVM makes each such call return from the caller, with the
//! caller's return type and the call site's deopt state prepended).

use crate::call_graph::CallGraph;
use crate::debug_records::InlinedRecords;
use crate::infer_tokens::infer_tokens_in_region;
use crate::pass::{ModuleCx, ModulePass, PassError};
use crate::remarks::{Remark, RemarkKind, block_label};
use opt_conv_ir::analysis::FunctionAnalyses;
use opt_conv_ir::edit::{Replacements, remove_inst};
use opt_conv_ir::inst::TailKind;
use opt_conv_ir::metadata::MdArg;
use opt_conv_ir::{
    Block, Changes, Const, FuncId, Function, Inst, InstData, InstKind, Module, SecondaryMap, Value, ValueDef,
};
use opt_conv_legality::convergence::{ConvOp, FunctionConvergence, classify};
use opt_conv_legality::oracle::{InlinePlan, Obligation, Oracle, Query, Refusal, Rule, Verdict};
use opt_conv_legality::{ConvergenceInfo, TokenKind};
use rustc_hash::FxHashMap;

/// The pass.
pub struct Inline;

/// LLVM's default inline threshold (`-inline-threshold`).
const THRESHOLD: i64 = 225;
/// LLVM's threshold for an `inlinehint` callee (`-inlinehint-threshold`).
const HINT_THRESHOLD: i64 = 325;
/// LLVM's thresholds for `optsize` and `minsize` callers, which apply only
/// when `-inline-threshold` is not given.
const OPT_SIZE_THRESHOLD: i64 = 50;
const OPT_MIN_SIZE_THRESHOLD: i64 = 5;
/// Inlined calls per caller before we stop. LLVM has no such limit (its
/// inline history keeps cycles finite, as ours does); this is only a
/// backstop against runaway growth, far above the calls a real function
/// makes, so a block of thousands of calls is inlined whole as in LLVM.
const MAX_INLINES_PER_CALLER: usize = 1 << 17;

impl ModulePass for Inline {
    fn name(&self) -> &'static str {
        "inline"
    }
    fn class_name(&self) -> &'static str {
        "InlinerPass"
    }
    fn run(&self, m: &mut Module, cx: &mut ModuleCx<'_>) -> Result<Changes, PassError> {
        let (changed, _) = inline_module(m, cx)?;
        Ok(if changed { Changes::ALL } else { Changes::NONE })
    }
    fn walks_sccs(&self) -> bool {
        true
    }
    fn run_with_scc_passes(
        &self,
        m: &mut Module,
        cx: &mut ModuleCx<'_>,
        scc_passes: &mut crate::pass::SccPasses<'_>,
    ) -> Result<Changes, PassError> {
        inline_module_with(m, cx, Some(scc_passes))?;
        // The passes after the inliner may have changed what it did not.
        Ok(Changes::ALL)
    }
}

/// Where the scan for the next call resumes: a block, and the instruction
/// in it (its first if `None`).
type Cursor = Option<(Block, Option<Inst>)>;

/// The position right after `i`.
fn after_inst(f: &Function, i: Inst) -> Cursor {
    let b = f.layout().inst_block(i)?;
    match f.layout().next_inst(i) {
        Some(n) => Some((b, Some(n))),
        None => f.layout().next_block(b).map(|nb| (nb, None)),
    }
}

/// What the inliner knows about a callee, which no longer changes once it
/// has been visited (callees come before callers; a function of a cycle,
/// whose body changes while the cycle is visited, loses its summary when
/// it does): asked once per callee, not once per call.
pub(crate) struct CalleeSummary {
    /// The cost of its instructions (see [`cost`]).
    body_cost: i64,
    /// What its threshold depends on.
    shape: Threshold,
    /// The oracle's verdict when the callee has nothing to do with
    /// convergence (then the caller's analyses are not needed).
    plain: Option<Verdict>,
    /// Its first exception-handling or indirect-branch instruction the
    /// inliner does not handle, described.
    pub(crate) eh: Option<String>,
    /// The type of its landing pads and resumes (see [`eh_value_type`]).
    pub(crate) eh_ty: Option<opt_conv_ir::Type>,
    /// What its allocas take from the stack.
    stack: StackUse,
    /// What its own calls forbid.
    pub(crate) calls: crate::inline_rules::CalleeCalls,
    /// Whether it has a call to itself.
    calls_self: bool,
    /// Whether a call to itself stays reachable when nothing is known of
    /// its arguments (see [`calls_itself_live`]), once asked.
    calls_self_live: Option<bool>,
    /// Its cost folded alone, nothing known of its arguments (see
    /// [`folded_cost`]), once asked.
    alone_cost: Option<i64>,
    /// The header of an irreducible cycle of it holding a convergent
    /// operation, if it has one (see [`one_copy_of_irreducible`]).
    irreducible_convergent: Option<Block>,
}

/// A callee with an irreducible cycle holding a convergent operation may
/// only be inlined where that leaves one copy of the cycle: one cycle
/// hierarchy serves a function, so all its calls group threads alike, while
/// two copies (two inlined, or one inlined and the function kept) may each
/// get a different header, a mix no hierarchy of the callee gives (rule
/// `irreducible-edge`; found by the adversarial review of pipelines). One
/// copy is the last call of a local function nothing else names.
fn one_copy_of_irreducible(m: &Module, callee: FuncId, graph: &CallGraph, callees: &mut Callees) -> bool {
    let local =
        m.func(callee).and_then(|d| d.props.linkage.as_deref()).is_some_and(|l| l == "internal" || l == "private");
    let named = callees.named.get_or_insert_with(|| crate::dead_functions::referenced_now(m));
    local && graph.calls_to(callee) == 1 && !named.contains(callee)
}

fn irreducible_convergent(m: &Module, body: &Function) -> Option<Block> {
    let cycles = FunctionAnalyses::cycles(body);
    cycles
        .cycles()
        .filter(|&c| !cycles.is_reducible(c))
        .find(|&c| {
            cycles.blocks(c).iter().any(|&b| {
                body.block_insts(b)
                    .any(|i| opt_conv_legality::convergence::is_convergent_op(m, body, body.dfg().inst(i)))
            })
        })
        .map(|c| cycles.header(c))
}

/// A callee's allocas as inlining sees them. Inlined, an alloca of the
/// callee's entry with a constant size goes to the caller's entry and is
/// allocated once per call of the caller; any other alloca stays where it
/// is and allocates again each time it runs, in a loop of the caller
/// without bound (LLVM's inliner refuses such a callee: "dynamic alloca").
#[derive(Clone, Debug, Default)]
struct StackUse {
    /// An alloca outside the entry block, or sized by something other
    /// than a constant or a parameter.
    dynamic: bool,
    /// The entry's allocas: bytes per element, and the count (`Ok`: a
    /// constant; `Err(k)`: parameter `k`, constant or not at a call).
    entry: Vec<(u64, Result<u128, usize>)>,
}

impl StackUse {
    fn new(m: &Module, body: &Function) -> StackUse {
        let mut s = StackUse::default();
        let entry = body.entry_block();
        let dl = m.data_layout();
        for (b, i) in body.insts_in_order() {
            let d = body.dfg().inst(i);
            let InstKind::Alloca { ty, .. } = d.kind else { continue };
            let count = match d.args.first() {
                None => Ok(1),
                Some(&c) => match (body.dfg().value_const(c).and_then(Const::as_int), body.dfg().value_param(c)) {
                    (Some(n), _) => Ok(n),
                    (None, Some(k)) => Err(k as usize),
                    (None, None) => {
                        s.dynamic = true;
                        continue;
                    }
                },
            };
            if Some(b) != entry {
                s.dynamic = true;
            } else {
                s.entry.push((dl.alloc_size(&m.types, ty), count));
            }
        }
        s
    }

    /// The bytes the callee's entry allocates when called by `call`, if
    /// known: `None` when a size given by a parameter is not a constant
    /// there (then the alloca is dynamic) or the total overflows.
    fn bytes_at(&self, caller: &Function, call: Inst) -> Option<u128> {
        let args = caller.dfg().inst(call).call_args();
        let mut total: u128 = 0;
        for &(size, count) in &self.entry {
            let n = match count {
                Ok(n) => n,
                Err(k) => caller.dfg().value_const(*args.get(k)?).and_then(Const::as_int)?,
            };
            total = total.checked_add(u128::from(size).checked_mul(n)?)?;
        }
        Some(total)
    }
}

/// LLVM's limit on the stack a callee inlined into a recursive caller may
/// add to each of the caller's frames, in bytes.
const RECURSIVE_CALLER_STACK_LIMIT: u128 = 1024;

impl CalleeSummary {
    pub(crate) fn new(m: &Module, id: FuncId, body: &Function) -> Self {
        CalleeSummary {
            body_cost: body_cost(m, body),
            shape: Threshold::of(m, id, body),
            // Most callees have nothing to do with convergence: then the answer
            // needs none of the caller's analyses (built per call, they would
            // make a caller with many call sites quadratic).
            plain: Oracle::inline_without_convergence(m, body),
            irreducible_convergent: if Oracle::inline_without_convergence(m, body).is_some() {
                None
            } else {
                irreducible_convergent(m, body)
            },
            eh: crate::eh::why_inliner_leaves_callee_alone(m, id, body).map(|(_, what)| what),
            eh_ty: eh_value_type(body),
            stack: StackUse::new(m, body),
            calls: crate::inline_rules::CalleeCalls::new(m, body),
            calls_self: body.insts_in_order().any(|(_, i)| body.dfg().direct_callee_of(body.dfg().inst(i)) == Some(id)),
            calls_self_live: None,
            alone_cost: None,
        }
    }
}

/// What the inliner knows of the callees it has looked at, and the
/// threshold option their calls are judged by.
pub(crate) struct Callees {
    pub(crate) summaries: FxHashMap<FuncId, CalleeSummary>,
    /// The functions something other than a direct call names, found on
    /// the first question that needs it (inlining adds no such name).
    pub(crate) named: Option<opt_conv_ir::EntitySet<FuncId>>,
    /// `-inline-threshold`, if given.
    pub(crate) base_threshold: Option<i32>,
    /// Which calls are taken.
    pub(crate) mode: Mode,
}

/// The caller's convergence mode (all LLVM's verdict needs of the caller,
/// with the call's token), kept up to date across inlinings by counting its
/// controlled and uncontrolled convergent operations: analysing the caller
/// per call site would make a caller with many call sites quadratic.
pub(crate) struct CallerConvergence {
    /// The caller.
    id: FuncId,
    /// Whether the caller has been counted (on the first question).
    counted: bool,
    controlled: isize,
    uncontrolled: isize,
}

impl CallerConvergence {
    pub(crate) fn new(id: FuncId) -> Self {
        CallerConvergence { id, counted: false, controlled: 0, uncontrolled: 0 }
    }

    /// Adds `delta` times instruction `i` (of `f`) to the counts, if counted.
    pub(crate) fn count(&mut self, m: &Module, f: &Function, i: Inst, delta: isize) {
        if !self.counted {
            return;
        }
        match classify(m, f, f.dfg().inst(i)) {
            ConvOp::Intrinsic { .. } | ConvOp::Controlled { .. } => self.controlled += delta,
            ConvOp::Uncontrolled => self.uncontrolled += delta,
            ConvOp::None => {}
        }
    }

    /// Whether the caller has been counted.
    pub(crate) fn counted(&self) -> bool {
        self.counted
    }

    pub(crate) fn mode(&mut self, m: &Module, f: &Function) -> FunctionConvergence {
        if !self.counted {
            self.counted = true;
            for (_, i) in f.insts_in_order() {
                self.count(m, f, i, 1);
            }
        }
        match (self.controlled > 0, self.uncontrolled > 0) {
            (false, false) => FunctionConvergence::None,
            (true, false) => FunctionConvergence::Controlled,
            (false, true) => FunctionConvergence::Uncontrolled,
            (true, true) => FunctionConvergence::Mixed,
        }
    }
}

/// What the inliner keeps across callers.
struct Run {
    graph: CallGraph,
    callees: Callees,
    deletable: crate::dead_functions::Deletable,
    /// Functions deleted (removed from the module at the end).
    dead: Vec<FuncId>,
    is_dead: opt_conv_ir::EntitySet<FuncId>,
    changed: bool,
    /// Inlinings into each caller so far (see [`MAX_INLINES_PER_CALLER`]).
    inlined: FxHashMap<FuncId, usize>,
}

/// A caller while calls are inlined into it: its body is out of the module.
struct Caller {
    id: FuncId,
    name: String,
    body: Function,
    conv: CallerConvergence,
    /// Why the inliner leaves its exception handling alone: inlining
    /// brings in only what it handles (other callees are refused), so the
    /// answer holds for all its call sites.
    eh: Option<String>,
    /// The type of its landing pads, which inlining may bring in.
    eh_ty: Option<opt_conv_ir::Type>,
    /// Whether it was inlined into itself.
    into_itself: bool,
    /// Whether the module holds a copy of its body as it is now (see
    /// [`Run::step`]).
    copy_current: bool,
}

/// What became of one call.
enum Step {
    Refused,
    /// Inlined: the instruction before the call (if any) and the call's
    /// block, where the inlined code begins, and the copy's call sites.
    Inlined {
        prev: Option<Inst>,
        call_block: Block,
        new_sites: Vec<(Inst, FuncId)>,
    },
}

impl Run {
    fn open(&mut self, m: &mut Module, id: FuncId) -> Option<Caller> {
        if self.is_dead.contains(id) {
            return None;
        }
        let name = m.func(id).map(|d| d.name.to_string()).unwrap_or_default();
        let body = m.take_body(id)?;
        Some(Caller {
            id,
            name,
            eh: crate::eh::why_inliner_leaves_alone(m, id, &body).map(|(_, what)| what),
            eh_ty: eh_value_type(&body),
            body,
            conv: CallerConvergence::new(id),
            into_itself: false,
            copy_current: false,
        })
    }

    /// Puts the caller's body back.
    fn close(&mut self, m: &mut Module, mut c: Caller, inlined_any: bool) {
        debug_assert!(
            !c.conv.counted || c.conv.mode(m, &c.body) == ConvergenceInfo::compute(m, &c.body).mode(),
            "@{}: convergence mode kept across inlinings differs from a recount",
            c.name
        );
        c.body.untrack_uses();
        m.set_body(c.id, c.body);
        if c.copy_current || inlined_any {
            // Its body changed: what was known of it as a callee (a
            // function of a cycle is a callee of the cycle's others) no
            // longer holds.
            self.callees.summaries.remove(&c.id);
        }
        // Inlined into itself, it may have lost its last call (LLVM
        // deletes it then too).
        if c.into_itself && self.graph.calls_to(c.id) == 0 && self.deletable.may_delete(m, c.id) {
            self.graph.remove_function(c.id);
            self.dead.push(c.id);
            self.is_dead.insert(c.id);
        }
    }

    fn may_inline_more(&self, c: &Caller) -> bool {
        self.inlined.get(&c.id).copied().unwrap_or(0) < MAX_INLINES_PER_CALLER
    }

    /// Decides `call` (to `callee`) of `c` and inlines it if it may be;
    /// `cycle`: why the inline history forbids it, if it does.
    fn step(
        &mut self,
        m: &mut Module,
        cx: &mut ModuleCx<'_>,
        c: &mut Caller,
        (call, callee): (Inst, FuncId),
        cycle: Option<String>,
    ) -> Result<Step, PassError> {
        let caller = c.id;
        let name = c.name.clone();
        // A call to the caller itself inlines the caller's body as it is
        // now: the module holds a copy of it, made anew once an inlining
        // has changed the body.
        let own = callee == caller;
        if own && !c.copy_current {
            let mut copy = c.body.clone();
            copy.untrack_uses();
            m.set_body(caller, copy);
            self.callees.summaries.remove(&caller);
            c.copy_current = true;
        }
        let verdict = match eh_refusal(
            m,
            (caller, &c.body),
            call,
            callee,
            (c.eh.as_deref(), c.eh_ty),
            &mut self.callees.summaries,
        )
        .or_else(|| cycle.clone())
        {
            Some(why) => Err(why),
            None => decide(m, &c.body, call, callee, &self.graph, &mut self.callees, &mut c.conv),
        };
        let (plan, note) = match verdict {
            Ok(v) => v,
            Err(why) => {
                if cycle.is_some() {
                    // As LLVM: later inliner runs must not go round either.
                    if let Some(info) = c.body.dfg_mut_preserving_cfg().inst_mut(call).call_info_mut() {
                        info.fn_attrs.insert(opt_conv_ir::Attr::Flag("noinline".into()));
                    }
                    self.changed = true;
                }
                let block = c.body.layout().inst_block(call).map(|b| block_label(&c.body, b));
                cx.remarks.emit(Remark {
                    kind: RemarkKind::Missed,
                    pass: "inline",
                    function: name.clone(),
                    block: block.map(|b| b.trim_start_matches('%').to_owned()),
                    message: format!("cannot inline @{} into @{name}: {why}", callee_name(m, callee)),
                });
                return Ok(Step::Refused);
            }
        };
        let body = &mut c.body;
        let call_block = body.layout().inst_block(call).expect("a call in the layout");
        let prev = body.layout().prev_inst(call);
        let block = block_label(body, call_block);
        let what = format!("inlined @{} into @{name} {note}{}", callee_name(m, callee), plan_note(&plan));
        tracing::debug!(target: "opt_conv::inline", "{what}");
        // Each inlining asks who uses the call's result and the clones:
        // from the first one on, follow the edits instead of scanning the
        // caller per question.
        body.track_uses();
        c.conv.count(m, body, call, -1);
        let result = inline_call(m, body, call, callee, &plan, &self.graph);
        c.into_itself |= own;
        if std::mem::take(&mut c.copy_current) {
            m.take_body(caller);
            self.callees.summaries.remove(&caller);
        }
        let edits = match result {
            Ok(edits) => edits,
            Err(e) => {
                let mut body = std::mem::take(&mut c.body);
                body.untrack_uses();
                m.set_body(caller, body);
                return Err(PassError { message: e });
            }
        };
        for &i in &edits.clones {
            c.conv.count(m, body, i, 1);
        }
        crate::inline_rules::merge_attributes(m, caller, callee);
        adopt_personality(m, caller, callee);
        c.eh_ty = c.eh_ty.or_else(|| self.callees.summaries.get(&callee)?.eh_ty);
        self.graph.inlined(caller, call, &edits.new_sites);
        // The callee's last call gone: LLVM deletes it now, so that its
        // own calls no longer count.
        if self.graph.calls_to(callee) == 0 && callee != caller && self.deletable.may_delete(m, callee) {
            self.graph.remove_function(callee);
            self.callees.summaries.remove(&callee);
            self.dead.push(callee);
            self.is_dead.insert(callee);
        }
        cx.remarks.emit(Remark {
            kind: RemarkKind::Passed,
            pass: "inline",
            function: name,
            block: Some(block.trim_start_matches('%').to_owned()),
            message: what,
        });
        *self.inlined.entry(caller).or_default() += 1;
        self.changed = true;
        Ok(Step::Inlined { prev, call_block, new_sites: edits.new_sites })
    }

    /// Inlines into `id`, a function in no cycle: its calls in order, an
    /// inlined body's calls where they land, before the calls after it.
    fn inline_into(&mut self, m: &mut Module, cx: &mut ModuleCx<'_>, id: FuncId) -> Result<(), PassError> {
        let Some(mut c) = self.open(m, id) else { return Ok(()) };
        let _span = tracing::debug_span!(target: "opt_conv::inline", "inline", func = %c.name).entered();
        // Calls before the cursor are all refused or not candidates, and an
        // inlined body lands where its call was: the scan resumes there, so
        // each instruction of the caller is looked at once.
        let mut at: Cursor = c.body.entry_block().map(|e| (e, None));
        let mut history = InlineHistory::default();
        let mut inlined_any = false;
        while self.may_inline_more(&c) {
            let Some((call, callee)) = next_call(&c.body, id, &self.graph, at) else { break };
            let cycle = history.refusal(call, callee);
            match self.step(m, cx, &mut c, (call, callee), cycle)? {
                Step::Refused => at = after_inst(&c.body, call),
                Step::Inlined { prev, call_block, new_sites } => {
                    history.inlined(call, callee, &new_sites);
                    inlined_any = true;
                    // The inlined code begins right after `prev`; the
                    // call's block stays in place.
                    at = match prev {
                        Some(p) => after_inst(&c.body, p),
                        None => Some((call_block, None)),
                    };
                }
            }
        }
        self.close(m, c, inlined_any);
        Ok(())
    }

    /// Inlines into the functions of a cycle of the call graph (`members`,
    /// in [`CallGraph::bottom_up`] order) as LLVM's inliner does a
    /// strongly connected component: one list of calls, the members' calls
    /// in order first, then the calls each inlining brings in (the copy's
    /// last first), so that every member takes in its callees' bodies as
    /// they were before the calls brought in by inlining are looked at
    /// (inlining within a cycle grows its functions evenly, until they are
    /// too costly to inline, instead of one function without bound). Each
    /// call keeps which inlinings brought it in (the inline history).
    fn inline_cycle(&mut self, m: &mut Module, cx: &mut ModuleCx<'_>, members: &[FuncId]) -> Result<(), PassError> {
        let mut calls: Vec<(FuncId, Inst, Option<usize>)> = Vec::new();
        for &f in members {
            let Some(body) = m.body(f) else { continue };
            calls.extend(
                body.insts_in_order().filter(|&(_, i)| self.graph.site(f, i).is_some()).map(|(_, i)| (f, i, None)),
            );
        }
        // Each inlining that brought calls in: the callee, and the
        // inlining that brought its call in.
        let mut history: Vec<(FuncId, Option<usize>)> = Vec::new();
        let mut k = 0;
        while k < calls.len() {
            let id = calls[k].0;
            let Some(mut c) = self.open(m, id) else {
                k += 1;
                continue;
            };
            let _span = tracing::debug_span!(target: "opt_conv::inline", "inline", func = %c.name).entered();
            let mut inlined_any = false;
            // The calls of this caller that come next.
            while k < calls.len() && calls[k].0 == id {
                let (_, call, from) = calls[k];
                k += 1;
                // Gone (deleted by an inlining's clean-up) or no longer a
                // direct call of a defined function.
                let Some(callee) = self.graph.site(id, call) else { continue };
                if !self.may_inline_more(&c) {
                    continue;
                }
                let mut at = from;
                let mut cycle = None;
                while let Some(h) = at {
                    if history[h].0 == callee {
                        cycle = Some(CYCLE.to_owned());
                        break;
                    }
                    at = history[h].1;
                }
                if let Step::Inlined { new_sites, .. } = self.step(m, cx, &mut c, (call, callee), cycle)? {
                    inlined_any = true;
                    if !new_sites.is_empty() {
                        history.push((callee, from));
                        let h = history.len() - 1;
                        calls.extend(new_sites.iter().rev().map(|&(i, _)| (id, i, Some(h))));
                    }
                }
            }
            self.close(m, c, inlined_any);
        }
        Ok(())
    }
}

/// Runs the inliner over `m`: whether anything changed, and the call graph
/// as the inlining left it.
pub fn inline_module(m: &mut Module, cx: &mut ModuleCx<'_>) -> Result<(bool, CallGraph), PassError> {
    inline_module_with(m, cx, None)
}

/// [`inline_module`], with `scc_passes` (if any) run on the functions of
/// each component of the call graph once inlining into them is done (see
/// [`ModulePass::run_with_scc_passes`]). What they change is counted
/// again in the call graph, and the summaries of those functions as
/// callees are made afresh.
fn inline_module_with(
    m: &mut Module,
    cx: &mut ModuleCx<'_>,
    mut scc_passes: Option<&mut crate::pass::SccPasses<'_>>,
) -> Result<(bool, CallGraph), PassError> {
    let graph = CallGraph::build(m);
    let order = graph.bottom_up().to_vec();
    let deletable = crate::dead_functions::Deletable::new(m);
    let callees = Callees {
        summaries: FxHashMap::default(),
        named: None,
        base_threshold: cx.options.inline_threshold,
        mode: Mode::Cost,
    };
    let mut run = Run {
        graph,
        callees,
        deletable,
        dead: Vec::new(),
        is_dead: opt_conv_ir::EntitySet::new(),
        changed: false,
        inlined: FxHashMap::default(),
    };
    let mut k = 0;
    while k < order.len() {
        let f = order[k];
        let comp = run.graph.component(f);
        let mut end = k + 1;
        while end < order.len() && run.graph.component(order[end]) == comp {
            end += 1;
        }
        if end - k == 1 && !run.graph.is_recursive(f) {
            run.inline_into(m, cx, f)?;
        } else {
            run.inline_cycle(m, cx, &order[k..end])?;
        }
        if let Some(passes) = scc_passes.as_mut() {
            let live: Vec<FuncId> =
                order[k..end].iter().copied().filter(|&g| !run.is_dead.contains(g) && m.has_body(g)).collect();
            passes(m, cx, &live)?;
            for &g in &live {
                run.callees.summaries.remove(&g);
                if let Some(body) = m.body(g) {
                    run.graph.recount(g, body);
                }
            }
        }
        k = end;
    }
    m.remove_globals(&run.dead);
    if cfg!(debug_assertions)
        && let Some(d) = run.graph.differs_from(m)
    {
        panic!("call graph kept across inlinings differs from a recount:\n{d}");
    }
    Ok((run.changed, run.graph))
}

/// Why the inline history refuses a call.
const CYCLE: &str =
    "the call was brought in by inlining the callee itself (inlining it would go round a cycle of calls)";

/// Which inlinings brought each call site of a caller in no cycle in
/// (LLVM's inline history; [`Run::inline_cycle`] keeps its own): a call
/// that inlining a callee's body made direct (a call through a parameter
/// given a function) may call that callee again, and inlining it there
/// would go round the cycle without end. A site is not inlined if its
/// callee is among the functions whose inlining brought it.
#[derive(Default)]
struct InlineHistory {
    /// Each inlining: the callee, and the inlining that brought its call in.
    entries: Vec<(FuncId, Option<usize>)>,
    /// The inlining that brought each call site in (none: the caller's own).
    site: FxHashMap<Inst, usize>,
}

impl InlineHistory {
    /// Why `call` (to `callee`) would close a cycle, if it would. Walks a
    /// chain of distinct functions: no longer than the module's functions.
    fn refusal(&self, call: Inst, callee: FuncId) -> Option<String> {
        let mut at = self.site.get(&call).copied();
        while let Some(k) = at {
            let (f, parent) = self.entries[k];
            if f == callee {
                return Some(CYCLE.into());
            }
            at = parent;
        }
        None
    }

    /// `call` (to `callee`) was inlined, bringing in `new_sites`.
    fn inlined(&mut self, call: Inst, callee: FuncId, new_sites: &[(Inst, FuncId)]) {
        if new_sites.is_empty() {
            self.site.remove(&call);
            return;
        }
        let parent = self.site.remove(&call);
        let k = self.entries.len();
        self.entries.push((callee, parent));
        for &(i, _) in new_sites {
            self.site.insert(i, k);
        }
    }
}

pub(crate) fn callee_name(m: &Module, f: FuncId) -> String {
    m.func(f).map(|d| d.name.to_string()).unwrap_or_default()
}

pub(crate) fn plan_note(plan: &InlinePlan) -> &'static str {
    match plan {
        InlinePlan::Plain => "",
        InlinePlan::SubstituteEntry { .. } => "; entry token replaced by the call site's token",
        InlinePlan::InferTokens { .. } => {
            "; tokens inferred for the uncontrolled callee, rooted at the call site's token"
        }
    }
}

/// The first call site of `body` from `at` on worth considering.
fn next_call(body: &Function, caller: FuncId, graph: &CallGraph, at: Cursor) -> Option<(Inst, FuncId)> {
    let (start, first) = at?;
    let layout = body.layout();
    let mut i = first.or_else(|| layout.first_inst(start));
    let mut b = start;
    loop {
        while let Some(x) = i {
            if let Some(callee) = graph.site(caller, x) {
                return Some((x, callee));
            }
            i = layout.next_inst(x);
        }
        b = layout.next_block(b)?;
        i = layout.first_inst(b);
    }
}

/// Why the call cannot be inlined because of exception handling or an
/// indirect branch (see [`crate::eh`]): at an `invoke` that unwinds to
/// anything but a landing pad, into a caller or of a callee with funclet
/// pads, indirect branches or taken block addresses, or of a callee whose
/// personality differs from the caller's (LLVM: "incompatible
/// personality").
pub(crate) fn eh_refusal(
    m: &Module,
    (caller_id, caller): (FuncId, &Function),
    call: Inst,
    callee: FuncId,
    (caller_eh, caller_eh_ty): (Option<&str>, Option<opt_conv_ir::Type>),
    summaries: &mut FxHashMap<FuncId, CalleeSummary>,
) -> Option<String> {
    const NOT_HANDLED: &str = "funclet-based exception handling and indirect branches are not handled";
    let d = caller.dfg().inst(call);
    if let Some(unwind) = d.unwind_dest()
        && !caller
            .first_non_phi(unwind)
            .is_some_and(|p| matches!(caller.dfg().inst(p).kind, InstKind::LandingPad { .. }))
    {
        return Some(format!("the call site is an invoke that does not unwind to a landing pad ({NOT_HANDLED})"));
    }
    if let Some(what) = caller_eh {
        return Some(format!("the caller has {what} ({NOT_HANDLED})"));
    }
    let body = m.body(callee).expect("a defined callee");
    let summary = summaries.entry(callee).or_insert_with(|| CalleeSummary::new(m, callee, body));
    if let Some(what) = &summary.eh {
        return Some(format!("the callee has {what} ({NOT_HANDLED})"));
    }
    // All landing pads of a function have one type (LLVM's inliner does
    // not check, and leaves a module its verifier rejects).
    if let (Some(a), Some(b)) = (summary.eh_ty, caller_eh_ty)
        && a != b
    {
        return Some("the callee's landing pads have a type other than the caller's".into());
    }
    let personality = |f: FuncId| m.func(f).and_then(|d| d.personality.as_ref());
    match (personality(callee), personality(caller_id)) {
        (Some(a), Some(b)) if a != b => Some("incompatible personality".into()),
        _ => None,
    }
}

/// The type of the first landing pad of `f`, or of the value of its first
/// `resume`: that of every landing pad and resume of a valid function.
pub(crate) fn eh_value_type(f: &Function) -> Option<opt_conv_ir::Type> {
    f.insts_in_order().find_map(|(_, i)| {
        let d = f.dfg().inst(i);
        match d.kind {
            InstKind::LandingPad { .. } => f.dfg().inst_result(i).map(|r| f.dfg().value_type(r)),
            InstKind::Resume => d.args.first().map(|&v| f.dfg().value_type(v)),
            _ => None,
        }
    })
}

/// The caller takes the callee's personality if it has none (LLVM's
/// inliner does so whether or not the inlined code unwinds).
pub(crate) fn adopt_personality(m: &mut Module, caller: FuncId, callee: FuncId) {
    let Some(p) = m.func(callee).and_then(|d| d.personality.clone()) else { return };
    if let Some(d) = m.func_mut(caller)
        && d.personality.is_none()
    {
        d.personality = Some(p);
    }
}

/// Which calls an inliner takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// `inline`: always-inline calls, and others by cost.
    Cost,
    /// `always-inline`: always-inline calls only, whatever their cost.
    Always,
}

/// Whether to inline, and how (with the cost note for the remark), or why not.
pub(crate) fn decide(
    m: &Module,
    caller: &Function,
    call: Inst,
    callee: FuncId,
    graph: &CallGraph,
    callees: &mut Callees,
    conv: &mut CallerConvergence,
) -> Result<(InlinePlan, String), String> {
    let base_threshold = callees.base_threshold;
    let decl = m.func(callee).expect("a defined callee");
    let ci = caller.dfg().inst(call).call_info().expect("a call");
    let always = decl.fn_attrs.has("alwaysinline") || ci.fn_attrs.has("alwaysinline");
    // As LLVM: a `noinline` call site is never inlined, and an always-inline
    // call site is inlined even into a `noinline` callee.
    if ci.fn_attrs.has("noinline") || (!always && decl.fn_attrs.has("noinline")) {
        return Err("noinline attribute".into());
    }
    if callees.mode == Mode::Always && !always {
        return Err("neither the call nor the callee is alwaysinline".into());
    }
    if !callee_types_match(m, caller, call, callee) {
        return Err("the call's type does not match the callee's".into());
    }
    let body = m.body(callee).expect("a defined callee");
    let summary = callees.summaries.entry(callee).or_insert_with(|| CalleeSummary::new(m, callee, body));
    if let Some(why) = crate::inline_rules::byval_refusal(m, caller, call, callee)
        .or_else(|| crate::inline_rules::refusal(m, conv.id, ci, callee, &summary.calls, always))
    {
        return Err(why);
    }
    let bytes = summary.stack.bytes_at(caller, call);
    if !always && (summary.stack.dynamic || bytes.is_none()) {
        // As LLVM, an always-inline one is inlined, the inlined code
        // bracketed with `llvm.stacksave` and `llvm.stackrestore`.
        return Err("the callee has an alloca of a size not known at this call, or outside its entry block, \
                    which would allocate anew each time the inlined code runs"
            .into());
    }
    let self_recursive = !always && graph.self_calls(conv.id) > 0;
    if let Some(n) = bytes.filter(|&n| self_recursive && n > RECURSIVE_CALLER_STACK_LIMIT) {
        return Err(format!(
            "the caller calls itself and the callee allocates {n} bytes of stack, over the {RECURSIVE_CALLER_STACK_LIMIT} LLVM allows there"
        ));
    }
    let grows = allows_size_growth(caller, call);
    let t = summary.shape.at(m.func(conv.id).map(|d| &d.fn_attrs), base_threshold, grows);
    // What the call's arguments fold in the callee (LLVM's cost analysis
    // counts only what the call would run): asked per call where the call
    // gives something to fold, the walk no longer than the callee.
    let folded =
        (!always && site_folds(m, caller, call, callee)).then(|| fold_for_call(m, callee, body, Some((caller, call))));
    // Where the call gives nothing to fold, the callee still folds what it
    // decides alone (`sub %x, %x`, a branch on a constant, blocks never
    // reached), as LLVM's walk does: once per callee.
    let body_cost = match &folded {
        Some(f) => folded_cost(m, f),
        None if always => summary.body_cost,
        None => *summary.alone_cost.get_or_insert_with(|| folded_cost(m, &fold_for_call(m, callee, body, None))),
    };
    let mut c = cost(caller, call, body_cost);
    // The last call to a local function: inlining it deletes the function
    // (no bonus where size may not grow).
    let local =
        m.func(callee).and_then(|d| d.props.linkage.as_deref()).is_some_and(|l| l == "internal" || l == "private");
    if grows && local && graph.calls_to(callee) == 1 {
        c -= LAST_CALL_TO_STATIC_BONUS;
    }
    let note = if always { "(cost=always)".to_owned() } else { format!("(cost={c}, threshold={t})") };
    // As LLVM: a threshold below one still lets a call of no cost through.
    if !always && c >= t.max(1) {
        return Err(format!("too costly {note}"));
    }
    // As LLVM: a callee that calls itself is never inlined where that call
    // is reached (from its entry, with what this call gives its
    // parameters), and an always-inline one not if it calls itself at all.
    // With the inline history, this keeps inlining in a cycle finite: once
    // a function of the cycle is inlined into another, the copy calls the
    // caller, which then calls itself. (Looked at last, when all else
    // would inline: the walk is no longer than the copy would be.)
    let summary = callees.summaries.get_mut(&callee).expect("summarized above");
    if summary.calls_self {
        if always {
            return Err("recursive call".into());
        }
        let live = match &folded {
            Some(f) => calls_itself_live(callee, f),
            None => *summary
                .calls_self_live
                .get_or_insert_with(|| calls_itself_live(callee, &fold_for_call(m, callee, body, None))),
        };
        if live {
            return Err("recursive (the callee calls itself where the call would reach)".into());
        }
    }
    let verdict = summary.plain.clone().unwrap_or_else(|| {
        let site_token = match classify(m, caller, caller.dfg().inst(call)) {
            ConvOp::Controlled { token } => Some(token),
            _ => None,
        };
        let verdict = Oracle::inline_verdict(m, conv.id, conv.mode(m, caller), site_token, callee);
        // What the kept mode stands for: the full query on the caller.
        debug_assert_eq!(verdict, Oracle::new(m, conv.id, caller).ask(caller, &Query::Inline { call }));
        verdict
    });
    let irreducible = callees.summaries.get(&callee).and_then(|s| s.irreducible_convergent);
    if let Some(h) = irreducible
        && matches!(verdict, Verdict::Legal(_))
        && !one_copy_of_irreducible(m, callee, graph, callees)
    {
        let header = body.dfg().block_name(h).map_or_else(|| "a block".to_owned(), |n| format!("%{n}"));
        let why = format!(
            "@{} has an irreducible cycle at {header} with convergent operations, and inlining this call leaves \
             another copy of it: each copy could get a different header, grouping threads as no cycle hierarchy \
             of the callee does",
            decl.name
        );
        return Err(Refusal::new(Rule::IrreducibleEdge, why).to_string());
    }
    match verdict {
        Verdict::Legal(obligations) => {
            let plan = obligations
                .into_iter()
                .find_map(|o| match o {
                    Obligation::Inline(p) => Some(p),
                    _ => None,
                })
                .unwrap_or(InlinePlan::Plain);
            Ok((plan, note))
        }
        Verdict::Refused(r) => Err(r.to_string()),
    }
}

/// Which arguments of `call` (to `callee`) are known not to be null: those
/// the call site or the callee's parameter marks `nonnull` (a null one
/// would be poison, so a test of it against null may take either answer).
pub(crate) fn nonnull_args(m: &Module, caller: &Function, call: Inst, callee: FuncId) -> Vec<bool> {
    let d = caller.dfg().inst(call);
    let Some(ci) = d.call_info() else { return Vec::new() };
    let decl = m.func(callee);
    (0..d.call_args().len())
        .map(|k| {
            ci.param_attrs.get(k).is_some_and(|a| a.has("nonnull"))
                || decl.and_then(|d| d.param_attrs.get(k)).is_some_and(|a| a.has("nonnull"))
        })
        .collect()
}

/// The callee as `site` (a call in a caller) would run it, as LLVM's cost
/// analysis sees it: a copy of `body` whose parameters take the call's
/// constant arguments, whose null tests of arguments known not to be null
/// are decided, and where what that makes constant is folded; with the
/// blocks still reached from its entry. Pointer parameters whose
/// arguments are one base at constant `inbounds` offsets become one
/// parameter and `inbounds` offsets from it (LLVM's constant-offset
/// pointers: their differences and equality fold), those helpers costing
/// nothing.
fn fold_for_call(m: &Module, callee: FuncId, body: &Function, site: Option<(&Function, Inst)>) -> Folded {
    let mut f = body.clone();
    let Some(entry) = f.entry_block() else { return (f, Default::default(), Default::default()) };
    let mut repl = Replacements::new();
    let mut nonnull = rustc_hash::FxHashSet::default();
    let mut helpers = rustc_hash::FxHashSet::default();
    if let Some((caller, call)) = site {
        for (j, r, delta) in related_pointer_args(m, caller, call) {
            let (Some(&pj), Some(&pr)) = (body.params().get(j), body.params().get(r)) else { continue };
            let v = if delta == 0 {
                pr
            } else {
                let off = f.dfg_mut().make_const(Const::int(
                    &m.types,
                    opt_conv_ir::Type::I64,
                    opt_conv_ir::constant::mask(delta as u128, 64),
                ));
                let kind =
                    InstKind::Gep { source: opt_conv_ir::Type::I8, flags: opt_conv_ir::inst::GepFlags::INBOUNDS };
                let ty = f.dfg().value_type(pj);
                let g = f.dfg_mut().make_inst(InstData::new(kind, &[pr, off], &[]), ty);
                f.layout_mut().prepend_inst(g, entry);
                helpers.insert(g);
                f.dfg().inst_result(g).expect("a gep has a value")
            };
            repl.insert(pj, v);
        }
        let args = caller.dfg().inst(call).call_args();
        let known = nonnull_args(m, caller, call, callee);
        for (k, &p) in body.params().iter().enumerate() {
            if let Some(c) = args.get(k).and_then(|&a| caller.dfg().value_const(a)) {
                let v = f.dfg_mut().make_const(c.clone());
                repl.insert(p, v);
            } else if known.get(k).copied().unwrap_or(false) {
                nonnull.insert(p);
            }
        }
    }
    let mut removed = rustc_hash::FxHashSet::default();
    let seen = reach_folding(m, &mut f, entry, &mut repl, &mut removed, true, (&nonnull, &|_, _| true));
    (f, seen, helpers)
}

/// A callee folded for a call (see [`fold_for_call`]): the folded copy,
/// the blocks it still reaches, and the helper instructions it was given.
type Folded = (Function, rustc_hash::FxHashSet<Block>, rustc_hash::FxHashSet<Inst>);

/// The pointer arguments of `call` that are, as another earlier one, one
/// base at constant `inbounds` offsets (neither a constant): each as its
/// position, that of the first with its base, and its offset from it.
fn related_pointer_args(m: &Module, caller: &Function, call: Inst) -> Vec<(usize, usize, i128)> {
    let args = caller.dfg().inst(call).call_args();
    let mut firsts: Vec<(Value, usize, i128)> = Vec::new();
    let mut out = Vec::new();
    for (k, &a) in args.iter().enumerate() {
        if caller.dfg().value_const(a).is_some() || !m.types.is_ptr(caller.dfg().value_type(a)) {
            continue;
        }
        let Some((base, off)) = inbounds_base(m, caller, a) else { continue };
        match firsts.iter().find(|&&(b, _, _)| b == base) {
            Some(&(_, r, roff)) => {
                if caller.dfg().value_type(a) == caller.dfg().value_type(args[r]) {
                    out.push((k, r, off - roff));
                }
            }
            None => firsts.push((base, k, off)),
        }
    }
    out
}

/// Whether `site` gives the callee something its cost analysis folds: a
/// constant argument, one known not to be null, or pointers into one
/// object at known distances.
fn site_folds(m: &Module, caller: &Function, call: Inst, callee: FuncId) -> bool {
    caller.dfg().inst(call).call_args().iter().any(|&a| caller.dfg().value_const(a).is_some())
        || nonnull_args(m, caller, call, callee).contains(&true)
        || !related_pointer_args(m, caller, call).is_empty()
}

/// Whether a folded callee (see [`fold_for_call`]) of `id` calls itself in
/// a block it still reaches (LLVM's cost analysis gives up on a callee
/// that calls itself there).
fn calls_itself_live(id: FuncId, (f, seen, _): &Folded) -> bool {
    seen.iter().any(|&b| f.block_insts(b).any(|i| f.dfg().direct_callee_of(f.dfg().inst(i)) == Some(id)))
}

/// What a folded callee (see [`fold_for_call`]) costs: its instructions
/// left in the blocks it still reaches, counted as [`body_cost`] counts
/// (its helpers aside).
fn folded_cost(m: &Module, (f, seen, helpers): &Folded) -> i64 {
    let mut returned = false;
    let mut c = 0;
    for b in f.layout().blocks() {
        if !seen.contains(&b) {
            continue;
        }
        for i in f.block_insts(b) {
            if !helpers.contains(&i) {
                c += inst_cost(m, f, i, &mut returned);
            }
        }
    }
    c
}

fn callee_types_match(m: &Module, caller: &Function, call: Inst, callee: FuncId) -> bool {
    let ci = caller.dfg().inst(call).call_info().expect("a call");
    m.func(callee).is_some_and(|d| d.ty == ci.fn_ty)
}

/// What LLVM's threshold for a callee depends on, found once per callee.
#[derive(Clone, Copy, Debug)]
struct Threshold {
    /// No terminator has two or more successors (LLVM's single-block
    /// bonus, half the threshold).
    single_block: bool,
    /// How much of the vector bonus (one and a half times the threshold)
    /// LLVM keeps: none when at most a tenth of the instructions are
    /// vector ones (a vector result or an `extractelement`), half when at
    /// most half are, else all.
    vector: VectorShare,
    /// `inlinehint`.
    hint: bool,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum VectorShare {
    None,
    Half,
    All,
}

impl Threshold {
    fn of(m: &Module, id: FuncId, body: &Function) -> Threshold {
        let single_block = !body.layout().blocks().any(|b| body.successors(b).len() > 1);
        let (mut n, mut vector) = (0usize, 0usize);
        for (_, i) in body.insts_in_order() {
            n += 1;
            let d = body.dfg().inst(i);
            let vector_result = body.dfg().inst_result(i).is_some_and(|r| m.types.is_vector(body.dfg().value_type(r)));
            if vector_result || matches!(d.kind, InstKind::ExtractElement) {
                vector += 1;
            }
        }
        let vector = if vector <= n / 10 {
            VectorShare::None
        } else if vector <= n / 2 {
            VectorShare::Half
        } else {
            VectorShare::All
        };
        let hint = m.func(id).is_some_and(|d| d.fn_attrs.has("inlinehint"));
        Threshold { single_block, vector, hint }
    }

    /// The threshold at a call from a caller with attributes `caller`
    /// (LLVM's `updateThreshold` and the bonuses it speculatively applies,
    /// less those the callee does not earn): `base` is `-inline-threshold`
    /// if given; `grows` is false at a call whose block ends in
    /// `unreachable` (then the threshold is zero, without bonuses).
    fn at(&self, caller: Option<&opt_conv_ir::AttrSet>, base: Option<i32>, grows: bool) -> i64 {
        if !grows {
            return 0;
        }
        let has = |a: &str| caller.is_some_and(|s| s.has(a));
        let mut t = base.map_or(THRESHOLD, i64::from);
        let (mut bb_percent, mut vector_percent) = (50, 150);
        if has("minsize") {
            if base.is_none() {
                t = t.min(OPT_MIN_SIZE_THRESHOLD);
            }
            (bb_percent, vector_percent) = (0, 0);
        } else {
            if has("optsize") && base.is_none() {
                t = t.min(OPT_SIZE_THRESHOLD);
            }
            if self.hint {
                t = t.max(HINT_THRESHOLD);
            }
        }
        // Integer division truncating towards zero, as in C++.
        let single_bonus = t * bb_percent / 100;
        let vector_bonus = t * vector_percent / 100;
        if self.single_block {
            t += single_bonus;
        }
        t + match self.vector {
            VectorShare::None => 0,
            VectorShare::Half => vector_bonus - vector_bonus / 2,
            VectorShare::All => vector_bonus,
        }
    }
}

/// LLVM's bonus for the last call to a local function.
const LAST_CALL_TO_STATIC_BONUS: i64 = 15_000;

/// Whether inlining at `call` may make the caller bigger: not when the
/// call's block (an invoke's normal destination) ends in `unreachable`
/// (LLVM's `allowSizeGrowth`: then only a callee of no cost is inlined).
fn allows_size_growth(caller: &Function, call: Inst) -> bool {
    // At an invoke, what matters is where it goes on.
    let block = match caller.dfg().inst(call).kind {
        InstKind::Invoke(_) => caller.dfg().inst(call).blocks.first().copied(),
        _ => caller.layout().inst_block(call),
    };
    let term = block.and_then(|b| caller.terminator(b));
    !term.is_some_and(|t| matches!(caller.dfg().inst(t).kind, InstKind::Unreachable))
}

/// The callee's part of the cost: five per instruction that is not free
/// (every return but one is not), 25 more per call in the callee, and a
/// switch's compares (see [`switch_cost`]).
fn body_cost(m: &Module, body: &Function) -> i64 {
    let mut returned = false;
    body.insts_in_order().map(|(_, i)| inst_cost(m, body, i, &mut returned)).sum()
}

/// What instruction `i` adds to [`body_cost`] (`returned`: whether a
/// return has been counted).
fn inst_cost(m: &Module, body: &Function, i: Inst, returned: &mut bool) -> i64 {
    let mut c = 0;
    {
        let d = body.dfg().inst(i);
        let free = match &d.kind {
            // One return disappears once inlined; the others become branches.
            InstKind::Ret => !std::mem::replace(returned, true),
            InstKind::Unreachable => true,
            InstKind::Br => d.blocks.len() == 1,
            InstKind::Cast { op, .. } => match op.keyword() {
                "bitcast" => true,
                // LLVM's target-independent rule: a conversion between a
                // pointer and a native integer at least as wide (`ptrtoint`)
                // or no wider (`inttoptr`) than the pointer is free.
                "ptrtoint" | "inttoptr" => {
                    let (from, to) =
                        (body.dfg().value_type(d.args[0]), body.dfg().inst_result(i).map(|r| body.dfg().value_type(r)));
                    let (ptr, int, widening) = match (op.keyword(), to) {
                        ("ptrtoint", Some(to)) => (from, to, true),
                        (_, Some(to)) => (to, from, false),
                        _ => (from, from, false),
                    };
                    match (m.types.get(ptr), m.types.int_bits(int)) {
                        (opt_conv_ir::types::TypeData::Ptr(space), Some(bits)) => {
                            let dl = m.data_layout();
                            let p = dl.pointer_bits(*space);
                            dl.is_native_int(bits) && if widening { bits >= p } else { bits <= p }
                        }
                        _ => false,
                    }
                }
                _ => false,
            },
            InstKind::Call(_) => opt_conv_legality::convergence::callee_decl(m, body, d).is_some_and(|c| {
                c.name.starts_with("llvm.experimental.convergence.")
                    || c.name.starts_with("llvm.lifetime.")
                    || &*c.name == "llvm.assume"
            }),
            _ => false,
        };
        if !free {
            c += 5;
            if d.call_info().is_some() {
                c += 25;
            }
        }
        if matches!(d.kind, InstKind::Switch) {
            c += switch_cost(body, d);
        }
    }
    c
}

/// What LLVM adds for a `switch` on a value not known (besides the five of
/// any instruction), without a target's jump tables and bit tests: each
/// case a cluster, lowered as a balanced tree of compares and branches
/// (`3n/2 - 1` compares for more than three clusters; for up to three, one
/// per case, and one for the default unless it is unreachable), ten each.
fn switch_cost(body: &Function, d: &InstData) -> i64 {
    let n = d.args.len().saturating_sub(1) as i64;
    if n <= 3 {
        let default_unreachable = d
            .blocks
            .first()
            .and_then(|&b| body.block_insts(b).find(|&i| !matches!(body.dfg().inst(i).kind, InstKind::Phi { .. })))
            .is_some_and(|i| matches!(body.dfg().inst(i).kind, InstKind::Unreachable));
        (n - i64::from(default_unreachable)) * 2 * 5
    } else {
        (3 * n / 2 - 1) * 2 * 5
    }
}

/// An estimate of LLVM's inline cost (see the module docs): the callee's
/// [`body_cost`], minus what removing the call saves (25, and five for it
/// and for each argument).
fn cost(caller: &Function, call: Inst, body_cost: i64) -> i64 {
    let nargs = caller.dfg().inst(call).call_args().len() as i64;
    body_cost - (25 + 5 * (1 + nargs))
}

/// What inlining one call changed in the caller's call sites.
pub(crate) struct InlineEdits {
    /// Copies of the callee's call sites, with their callees.
    pub(crate) new_sites: Vec<(Inst, FuncId)>,
    /// The inlined copy's instructions still in the caller.
    pub(crate) clones: Vec<Inst>,
}

/// Inlines `call` (in `f`) to `callee` following `plan`; `graph` says
/// which of the copies are call sites.
pub(crate) fn inline_call(
    m: &mut Module,
    f: &mut Function,
    call: Inst,
    callee: FuncId,
    plan: &InlinePlan,
    graph: &CallGraph,
) -> Result<InlineEdits, String> {
    let callee_body = m.body(callee).ok_or("callee body missing")?.clone();
    // The caller's CFG before the edits, patched after them: computing it
    // again per inlined call would make a caller with many calls quadratic.
    let cfg_before = f.cfg();
    let callee_info = ConvergenceInfo::compute(m, &callee_body);
    let entry_intrinsic =
        callee_info.token_defs().iter().copied().find(|&i| callee_info.def_kind(i) == Some(TokenKind::Entry));
    let call_block = f.layout().inst_block(call).ok_or("call not in the layout")?;
    let call_data = f.dfg().inst(call).clone();
    let site_token = call_data.convergence_token();
    let mut args: Vec<Value> = call_data.call_args().to_vec();
    // The arguments known not to be null, which the copy's null tests of
    // them fold with.
    let nonnull: rustc_hash::FxHashSet<Value> =
        nonnull_args(m, f, call, callee).into_iter().zip(&args).filter(|&(known, _)| known).map(|(_, &a)| a).collect();
    let byval_copies = crate::inline_rules::copy_byval_args(m, f, call, callee, &mut args);
    let call_result = f.dfg().inst_result(call).filter(|&r| f.is_used(r));
    // Inlined locations are the callee's, `inlinedAt` the call's (LLVM
    // drops all debug info of a function with a location missing it).
    let call_loc = f.dfg().inst_md(call, "dbg");
    let (mut site, mut memo) = (None, rustc_hash::FxHashMap::default());
    let mut assign_ids = rustc_hash::FxHashMap::default();
    // A call through the call's result becomes a direct call if the callee
    // returns a function. Only a call through it: a call that merely takes
    // the result as an argument was a call site before, and inlining did
    // not bring it in.
    let result_users: Vec<Inst> = call_result
        .map(|r| f.users_of(r).into_iter().filter(|&u| f.dfg().inst(u).callee() == Some(r)).collect())
        .unwrap_or_default();

    // Clone blocks and instructions (results first, operands second, since
    // phis may refer to later definitions).
    let cdfg = callee_body.dfg();
    let mut vmap: SecondaryMap<Value, Option<Value>> = SecondaryMap::new();
    for (k, &p) in callee_body.params().iter().enumerate() {
        vmap[p] = args.get(k).copied();
    }
    let mut bmap: SecondaryMap<Block, Option<Block>> = SecondaryMap::new();
    // As LLVM's cloner: the blocks reachable from the callee's entry, in
    // the callee's order.
    let callee_blocks = reachable_blocks(&callee_body);
    let mut new_blocks = Vec::new();
    for &b in &callee_blocks {
        let name = cdfg.block_name(b).map(|n| format!("{n}.i"));
        let nb = f.dfg_mut().make_block(name.as_deref());
        bmap[b] = Some(nb);
        new_blocks.push(nb);
    }
    let mut clones: Vec<(Inst, Inst)> = Vec::new();
    let mut returns: Vec<(Block, Option<Value>)> = Vec::new();
    for &b in &callee_blocks {
        for i in callee_body.block_insts(b) {
            if Some(i) == entry_intrinsic {
                // Substituted by the call site's token.
                if let (Some(r), Some(t)) = (cdfg.inst_result(i), site_token) {
                    vmap[r] = Some(t);
                }
                continue;
            }
            let d = cdfg.inst(i);
            // Operands are filled in once every block and result has its copy.
            let nd = InstData::new(d.kind.clone(), &[], &[]);
            let ty = cdfg.inst_result(i).map(|r| cdfg.value_type(r)).unwrap_or(opt_conv_ir::Type::VOID);
            let ni = f.dfg_mut().make_inst(nd, ty);
            if let (Some(r), Some(nr)) = (cdfg.inst_result(i), f.dfg().inst_result(ni)) {
                vmap[r] = Some(nr);
                if let Some(n) = cdfg.value_name(r) {
                    f.dfg_mut_preserving_cfg().set_value_name(nr, Some(&format!("{n}.i")));
                }
            }
            let mut md = cdfg.inst_metadata(i).to_vec();
            md.retain(|(k, _)| &**k != "dbg" || call_loc.is_some());
            for (k, n) in &mut md {
                if &**k == "dbg"
                    && let Some(cl) = call_loc
                {
                    *n = m.metadata.inlined_location(*n, cl, &mut site, &mut memo);
                } else if &**k == "llvm.loop"
                    && let Some(cl) = call_loc
                {
                    *n = m.metadata.inlined_loop_id(*n, cl, &mut site, &mut memo);
                } else if &**k == "DIAssignID" {
                    *n = m.metadata.inlined_assign_id(*n, &mut assign_ids);
                }
            }
            if !md.is_empty() {
                f.dfg_mut().set_all_inst_md(ni, md);
            }
            clones.push((i, ni));
            f.layout_mut().append_inst(ni, bmap[b].expect("mapped"));
        }
    }
    // Operands, block references, returns.
    for &(i, ni) in &clones {
        let d = cdfg.inst(i);
        if d.is_phi() {
            // Entries from blocks not copied go, the last entry taking the
            // slot of each (LLVM's order).
            let mut entries: Vec<(Value, Block)> = d.args.iter().copied().zip(d.blocks.iter().copied()).collect();
            let mut k = 0;
            while k < entries.len() {
                if bmap[entries[k].1].is_none() {
                    entries.swap_remove(k);
                } else {
                    k += 1;
                }
            }
            let args: Vec<Value> = entries.iter().map(|&(a, _)| map_value(f, cdfg, &mut vmap, a)).collect();
            let blocks: Vec<Block> = entries.iter().map(|&(_, b)| bmap[b].expect("a copied block")).collect();
            f.set_all_operands(ni, &args, &blocks);
            continue;
        }
        let mut new_args = Vec::with_capacity(d.args.len());
        for &a in &d.args {
            new_args.push(map_value(f, cdfg, &mut vmap, a));
        }
        let new_blocks: Vec<Block> = d.blocks.iter().map(|&blk| bmap[blk].expect("mapped block")).collect();
        f.set_all_operands(ni, &new_args, &new_blocks);
    }
    // As LLVM's cloner: fold what the call's constants decide, and keep
    // only the blocks the folded branches still reach.
    let dynamic_allocas = has_dynamic_alloca(&callee_body, &clones);
    // A never-taken edge may still carry an irreducible cycle (or keep a
    // block in a loop) that groups the threads at a convergent operation:
    // the oracle judges the folds on the callee (rule irreducible-edge),
    // each together with those already made (two latches of one loop may
    // each go, but not both).
    let origin: FxHashMap<Block, Block> = callee_blocks.iter().filter_map(|&b| bmap[b].map(|nb| (nb, b))).collect();
    let removed_edges: std::cell::RefCell<Vec<(Block, Block)>> = Default::default();
    // With the call on a cycle of the caller, the callee's returns lead
    // back to the call: a block of the copy that a fold leaves without a
    // way to a return is taken out of that cycle, which stays (see
    // [`strands_convergent_block`]). Every fold is kept for that question.
    // Asked only when a fold is proposed (a walk over the caller).
    let on_cycle = std::cell::OnceCell::new();
    let call_on_cycle = || {
        *on_cycle.get_or_init(|| {
            callee_blocks.iter().any(|&b| {
                callee_body
                    .block_insts(b)
                    .any(|i| opt_conv_legality::convergence::is_convergent_op(m, &callee_body, cdfg.inst(i)))
            }) && block_on_cycle(&cfg_before, call_block)
        })
    };
    let all_removed: std::cell::RefCell<Vec<(Block, Block)>> = Default::default();
    let may_fold = |nb: Block, dead: &[Block]| {
        let in_callee: Option<Vec<Block>> = dead.iter().map(|d| origin.get(d).copied()).collect();
        match (origin.get(&nb), in_callee) {
            (Some(&b), Some(dead)) => {
                if call_on_cycle() {
                    let mut all = all_removed.borrow().clone();
                    all.extend(dead.iter().map(|&d| (b, d)));
                    if strands_convergent_block(m, &callee_body, &callee_blocks, &all) {
                        return false;
                    }
                }
                let mut edges = removed_edges.borrow().clone();
                edges.extend(dead.iter().map(|&d| (b, d)));
                let legal = matches!(Oracle::edges_removal(m, &callee_body, &edges, false), Verdict::Legal(_));
                if legal && call_on_cycle() {
                    all_removed.borrow_mut().extend(dead.iter().map(|&d| (b, d)));
                }
                if legal {
                    // An edge on no cycle changes none: not kept, so the
                    // questions stay as small as the callee's loops.
                    let cycles = opt_conv_ir::analysis::FunctionAnalyses::cycles(&callee_body);
                    edges.retain(|&(p, s)| {
                        cycles.smallest_common_cycle(cycles.cycle_of(p), cycles.cycle_of(s)).is_some()
                    });
                    *removed_edges.borrow_mut() = edges;
                }
                legal
            }
            _ => true,
        }
    };
    let folded = prune_copy(m, f, &mut new_blocks, &mut clones, &nonnull, &may_fold);
    if !folded.is_empty() {
        for &b in &callee_blocks {
            for i in callee_body.block_insts(b) {
                if let Some(r) = cdfg.inst_result(i)
                    && let Some(v) = vmap[r]
                {
                    vmap[r] = Some(folded.resolve(v));
                }
            }
        }
    }
    crate::inline_rules::forward_varargs(m, f, &clones, &call_data, callee);
    crate::inline_rules::merge_deopt_state(f, &clones, &call_data);
    crate::inline_rules::limit_tail_kinds(f, &clones, call_data.call_info().map(|c| c.tail));
    // A call site that cannot unwind (it or the callee `nounwind`): no
    // inlined call unwinds either, and LLVM says so on each call not
    // already known not to.
    let site_nounwind = call_data.call_info().is_some_and(|c| c.fn_attrs.has("nounwind"))
        || m.func(callee).is_some_and(|d| d.fn_attrs.has("nounwind"));
    if site_nounwind {
        for &(_, ni) in &clones {
            if matches!(f.dfg().inst(ni).kind, InstKind::Call(_)) && !does_not_throw(m, f, ni) {
                let d = f.dfg_mut_preserving_cfg().inst_mut(ni);
                if let Some(c) = d.call_info_mut() {
                    c.fn_attrs.insert(opt_conv_ir::Attr::Flag("nounwind".into()));
                }
            }
        }
    }
    // Each inlined call has noalias scopes of its own.
    let inlined: Vec<Inst> = clones.iter().map(|&(_, c)| c).collect();
    crate::noalias_scopes::clone_for_inlining(m, f, &inlined);
    if let Some(cl) = call_loc
        && callee_body.layout().has_dbg_records()
    {
        let mut records =
            InlinedRecords { call_loc: cl, site: &mut site, memo: &mut memo, assign_ids: &mut assign_ids };
        records.copy(m, f, &callee_body, &clones, &mut vmap);
    }
    // As in LLVM, the byval copies are made where the inlined body begins
    // (each in front of the previous one) and have markers too, first.
    for &(_, memcpy) in &byval_copies {
        let top = f.layout().first_inst(new_blocks[0]).expect("the callee's entry has a terminator");
        let layout = f.layout_mut_preserving_cfg();
        layout.remove_inst(memcpy);
        layout.insert_inst_before(memcpy, top);
    }
    let copies: Vec<Inst> = byval_copies.iter().map(|&(alloca, _)| alloca).collect();
    add_lifetime_markers(m, f, &copies, new_blocks[0], &clones);
    if dynamic_allocas {
        bracket_with_stacksave(m, f, new_blocks[0], &clones);
    }
    // At an invoke, the copy unwinds where the invoke did, and goes on to
    // its normal destination.
    let normal = match call_data.kind {
        InstKind::Invoke(_) => call_data.blocks.first().copied(),
        _ => None,
    };
    let mut eh_touched = Vec::new();
    if let Some(unwind) = call_data.unwind_dest() {
        eh_touched = unwind_to_invoke_dest(m, f, call_block, unwind, &mut new_blocks, &clones);
        eh_touched.push(call_block);
    }
    // A one-block callee ending in `ret` goes where the call was: what
    // splitting the call's block and merging it back would leave, without
    // moving the code after the call twice (quadratic for a long block with
    // many calls). So does a copy that folding left a straight chain of
    // blocks, once joined.
    if matches!(plan, InlinePlan::Plain | InlinePlan::SubstituteEntry { .. }) {
        join_straight_copy(m, f, &mut new_blocks);
    }
    if let ([only], InlinePlan::Plain | InlinePlan::SubstituteEntry { .. }) = (new_blocks.as_slice(), plan)
        && let Some(ret) = f.terminator(*only).filter(|&t| matches!(f.dfg().inst(t).kind, InstKind::Ret))
        && may_go_in_place(m, f, call, *only)
    {
        inline_in_place(f, call, call_result, *only, ret, normal);
        // No edge changed (the copy's block never joined the layout), but
        // at an invoke those of the unwinding.
        f.update_cfg(cfg_before, &eh_touched);
        delete_dead_clones(m, f, &clones, &callee_body);
        return Ok(edits(graph, f, &clones, &result_users));
    }
    // Split the call's block: everything after the call moves to a new block.
    let after_name = format!("{}.exit", callee_name(m, callee));
    let after = f.dfg_mut().make_block(Some(&after_name));
    f.layout_mut().insert_block_after(after, call_block);
    f.layout_mut().split_off_after(call, after);
    // An invoke's normal destination is where the code after it goes on.
    if let Some(normal) = normal {
        let br = f.dfg_mut().make_inst(InstData::new(InstKind::Br, &[], &[normal]), opt_conv_ir::Type::VOID);
        f.layout_mut().append_inst(br, after);
    }
    // Successors of the old block now see `after` as their predecessor.
    let succs: Vec<Block> = f.terminator(after).map(|t| f.dfg().inst(t).successors().to_vec()).unwrap_or_default();
    for s in succs {
        f.retarget_phis_of(s, call_block, after);
    }
    // Cloned blocks go between the call's block and `after`.
    let mut prev = call_block;
    for &nb in &new_blocks {
        f.layout_mut().insert_block_after(nb, prev);
        prev = nb;
    }
    // Returns become branches to `after`.
    for &(_, ni) in &clones {
        if matches!(f.dfg().inst(ni).kind, InstKind::Ret) {
            let b = f.layout().inst_block(ni).expect("in layout");
            let v = f.dfg().inst(ni).args.first().copied();
            returns.push((b, v));
            f.set_branch(ni, None, &[after]);
        }
    }
    // The call becomes a branch to the callee's entry copy.
    let entry_copy = new_blocks[0];
    let br = f.dfg_mut().make_inst(InstData::new(InstKind::Br, &[], &[entry_copy]), opt_conv_ir::Type::VOID);
    f.layout_mut().insert_inst_before(br, call);
    remove_inst(f, call);
    // The returned value.
    let mut repl = Replacements::new();
    if let Some(r) = call_result {
        let value = match returns.as_slice() {
            [(_, Some(v))] => Some(not_itself(f, r, *v)),
            // Never returns: what uses the result is unreachable, but may
            // lie beyond the block after the call, so it still needs a value.
            [] => {
                let ty = f.dfg().value_type(r);
                Some(f.dfg_mut_preserving_cfg().make_const(Const::poison(ty)))
            }
            _ => {
                let ty = f.dfg().value_type(r);
                let phi = InstData::new(
                    InstKind::Phi { fmf: Default::default() },
                    &returns.iter().map(|(_, v)| v.unwrap_or(r)).collect::<Vec<_>>(),
                    &returns.iter().map(|(b, _)| *b).collect::<Vec<_>>(),
                );
                let p = f.dfg_mut().make_inst(phi, ty);
                let pv = f.dfg().inst_result(p).expect("phi result");
                if let Some(n) = f.dfg().value_name(r).map(str::to_owned) {
                    f.dfg_mut_preserving_cfg().set_value_name(pv, Some(&n));
                }
                match f.layout().first_inst(after) {
                    Some(first) => f.layout_mut().insert_inst_before(p, first),
                    None => f.layout_mut().append_inst(p, after),
                }
                Some(pv)
            }
        };
        if let Some(v) = value {
            repl.insert(r, v);
        }
    }
    repl.apply(f);
    // Static allocas of the callee's entry go to the caller's entry block.
    let allocas: Vec<Inst> = f.block_insts(entry_copy).filter(|&i| is_static_alloca(f, i)).collect();
    move_to_entry_top(f, &allocas);
    // The edges changed out of the call's block, `after` and the copies.
    let touched: Vec<Block> =
        [call_block, after].into_iter().chain(new_blocks.iter().copied()).chain(eh_touched).collect();
    f.update_cfg(cfg_before, &touched);
    // Convergence: tokens for an uncontrolled callee.
    if let InlinePlan::InferTokens { token } = plan {
        let root = f.dfg().inst_result(*token).ok_or("call-site token has no value")?;
        let cfg = f.cfg();
        infer_tokens_in_region(m, f, &new_blocks, root).map_err(|e| format!("inline: {e}"))?;
        // Hearts and bundles only: no edge changed.
        f.update_cfg(cfg, &[]);
    }
    // As LLVM's cloner, a copied block that is the only successor of its
    // only predecessor joins it (the oracle is asked for each).
    let copied: rustc_hash::FxHashSet<Block> = new_blocks.iter().copied().collect();
    for &p in &new_blocks {
        if !f.layout().is_block_inserted(p) {
            continue;
        }
        while let Some(d) = f.terminator(p).and_then(|t| match f.dfg().inst(t).successors() {
            [d] if matches!(f.dfg().inst(t).kind, InstKind::Br) => Some(*d),
            _ => None,
        }) {
            if d == entry_copy || d == p || !copied.contains(&d) {
                break;
            }
            if crate::cfg_edit::merge_into_predecessor(m, f, d) != Some(p) {
                break;
            }
        }
    }
    // Shape as LLVM leaves it: the callee's entry joins the call's block, a
    // single return joins the code after the call.
    crate::cfg_edit::merge_into_predecessor(m, f, entry_copy);
    let single_pred = |f: &Function, b: Block| match f.cfg().preds(b) {
        [p] => Some(*p),
        _ => None,
    };
    if returns.len() == 1
        && let Some(ret_block) = single_pred(f, after).filter(|&p| p != call_block)
    {
        // LLVM moves the returning block's code into the block after the
        // call, which keeps its name and place; so do we (moving the code
        // after the call instead would be quadratic in a long block of
        // calls).
        crate::cfg_edit::merge_into_successor(m, f, ret_block, after);
    } else if returns.len() == 1 {
        let name = f.dfg().block_name(after).map(str::to_owned);
        let next = f.layout().next_block(after);
        if let Some(into) = crate::cfg_edit::merge_into_predecessor(m, f, after)
            && into != call_block
        {
            f.dfg_mut_preserving_cfg().set_block_name(into, name.as_deref());
            let layout = f.layout_mut_preserving_cfg();
            match next {
                Some(n) if n != into => layout.move_block_before(into, n),
                Some(_) => {}
                // `after` was last: `into` goes after the block now last.
                None => {
                    if let Some(last) = layout.last_block().filter(|&l| l != into) {
                        layout.move_block_before(into, last);
                        layout.move_block_before(last, into);
                    }
                }
            }
        }
    }
    // A callee that never returns leaves the code after the call without
    // predecessors. It stays, as LLVM's inliner leaves it: deleting that
    // block alone would strand its successors' uses of its values, and
    // deleting everything it alone reaches is a CFG cleanup's job.
    delete_dead_clones(m, f, &clones, &callee_body);
    Ok(edits(graph, f, &clones, &result_users))
}

/// Intrinsics that may unwind, and may be invoked: every other intrinsic
/// LLVM declares `nounwind` (or may not be invoked), whatever the
/// declaration in the module says.
const UNWINDING_INTRINSICS: &[&str] = &[
    "llvm.experimental.gc.statepoint",
    "llvm.experimental.patchpoint",
    "llvm.coro.resume",
    "llvm.coro.destroy",
    "llvm.wasm.throw",
    "llvm.wasm.rethrow",
    "llvm.seh.try.",
    "llvm.seh.scope.",
];

/// Whether `i`, a `call`, may unwind (LLVM's `!doesNotThrow()`): not if it
/// or its callee is `nounwind`, nor for assembly without `unwind`, nor for
/// an intrinsic other than [`UNWINDING_INTRINSICS`].
fn call_may_unwind(m: &Module, f: &Function, i: Inst) -> bool {
    let d = f.dfg().inst(i);
    let InstKind::Call(ci) = &d.kind else { return false };
    if ci.fn_attrs.has("nounwind") {
        return false;
    }
    if let Some(ValueDef::Asm(asm)) = d.callee().map(|c| &f.dfg().value(c).def) {
        return asm.unwind;
    }
    if let Some(decl) = f.dfg().direct_callee(i).and_then(|g| m.func(g))
        && decl.name.starts_with("llvm.")
    {
        return UNWINDING_INTRINSICS.iter().any(|p| decl.name.starts_with(p));
    }
    opt_conv_ir::effects::inst_effects(m, f, i).may_throw
}

/// Whether the attributes say call `i` does not unwind (LLVM's
/// `doesNotThrow`): `nounwind` on the call or its callee, and every
/// intrinsic but [`UNWINDING_INTRINSICS`].
fn does_not_throw(m: &Module, f: &Function, i: Inst) -> bool {
    let d = f.dfg().inst(i);
    if d.call_info().is_some_and(|c| c.fn_attrs.has("nounwind")) {
        return true;
    }
    let Some(decl) = f.dfg().direct_callee(i).and_then(|g| m.func(g)) else { return false };
    if decl.name.starts_with("llvm.") {
        return !UNWINDING_INTRINSICS.iter().any(|p| decl.name.starts_with(p));
    }
    decl.fn_attrs.has("nounwind")
}

/// Where the inlined copy at an invoke unwinds to (LLVM's
/// `LandingPadInliningInfo`): the invoke's unwind destination, its landing
/// pad, and what its phis take from the invoke's block.
struct InvokeDest {
    dest: Block,
    pad: Inst,
    phis: Vec<Inst>,
    phi_values: Vec<Value>,
    /// Where the copy's `resume`s go, made on the first: the rest of
    /// `dest` after its landing pad, with one phi per phi of `dest` and one
    /// for the exception (`eh.lpad-body`).
    resume_dest: Option<(Block, Vec<Inst>, Inst)>,
}

impl InvokeDest {
    /// The block the copy's `resume`s branch to, split off `dest` after
    /// its landing pad on the first call: uses of `dest`'s phis and of the
    /// landing pad become uses of the new block's phis, which take them
    /// from `dest`.
    fn resume_dest(&mut self, f: &mut Function) -> (Block, Vec<Inst>, Inst) {
        if let Some(r) = &self.resume_dest {
            return r.clone();
        }
        let name = format!("{}.body", f.dfg().block_name(self.dest).unwrap_or(""));
        let body = f.dfg_mut().make_block(Some(&name));
        f.layout_mut().insert_block_after(body, self.dest);
        let rest: Vec<Inst> = f.block_insts(self.dest).skip_while(|&x| x != self.pad).skip(1).collect();
        for &x in &rest {
            f.layout_mut().move_inst_to_end(x, body);
        }
        let succs: Vec<Block> = f.terminator(body).map(|t| f.dfg().inst(t).successors().to_vec()).unwrap_or_default();
        for s in succs {
            f.retarget_phis_of(s, self.dest, body);
        }
        let br = f.dfg_mut().make_inst(InstData::new(InstKind::Br, &[], &[body]), opt_conv_ir::Type::VOID);
        f.layout_mut().append_inst(br, self.dest);
        let first = f.layout().first_inst(body);
        let pad_value = f.dfg().inst_result(self.pad).expect("a landing pad has a value");
        let mut inner = Vec::new();
        for &outer in self.phis.iter().chain([&self.pad]) {
            let v = f.dfg().inst_result(outer).expect("a value");
            let name = match outer == self.pad {
                true => "eh.lpad-body".to_owned(),
                false => format!("{}.lpad-body", f.dfg().value_name(v).unwrap_or("")),
            };
            let ty = f.dfg().value_type(v);
            let phi = f.dfg_mut().make_inst(InstData::new(InstKind::Phi { fmf: Default::default() }, &[], &[]), ty);
            let pv = f.dfg().inst_result(phi).expect("a phi has a value");
            f.dfg_mut_preserving_cfg().set_value_name(pv, Some(&name));
            match first {
                Some(x) => f.layout_mut_preserving_cfg().insert_inst_before(phi, x),
                None => f.layout_mut_preserving_cfg().append_inst(phi, body),
            }
            let mut repl = Replacements::new();
            repl.insert(v, pv);
            repl.apply(f);
            f.add_incoming(phi, v, self.dest);
            inner.push(phi);
        }
        debug_assert_eq!(f.dfg().inst(*inner.last().expect("the exception's phi")).args[0], pad_value);
        let eh = inner.pop().expect("the exception's phi");
        let r = (body, inner, eh);
        self.resume_dest = Some(r.clone());
        r
    }
}

/// The copy of the callee (blocks `new_blocks`, instructions `clones`)
/// replaces an invoke in `call_block` that unwinds to `unwind`, whose
/// first non-phi is a landing pad. As LLVM's inliner does: the copy's
/// landing pads take the clauses of the invoke's (and its `cleanup`); each
/// call of the copy that may unwind ([`call_may_unwind`]) becomes an invoke
/// unwinding to `unwind`, its block split after it (`<name>.noexc`, added
/// to `new_blocks`); each `resume` becomes a branch to the code after the
/// invoke's landing pad, whose phis merge the exception with the landing
/// pad's; and the phis of `unwind` forget the invoke's block. Returns the
/// caller's blocks whose edges changed.
fn unwind_to_invoke_dest(
    m: &Module,
    f: &mut Function,
    call_block: Block,
    unwind: Block,
    new_blocks: &mut Vec<Block>,
    clones: &[(Inst, Inst)],
) -> Vec<Block> {
    let pad = f.first_non_phi(unwind).expect("a landing pad (checked before inlining)");
    let phis: Vec<Inst> = f.phis(unwind).collect();
    let phi_values =
        phis.iter().map(|&p| f.dfg().inst(p).incoming(call_block).expect("an entry from the invoke")).collect();
    let mut dest = InvokeDest { dest: unwind, pad, phis, phi_values, resume_dest: None };
    // The invoke's clauses, after the inlined landing pads' own.
    let InstKind::LandingPad { cleanup, clauses } = &f.dfg().inst(pad).kind else { panic!("not a landing pad") };
    let (cleanup, outer): (bool, Vec<_>) =
        (*cleanup, clauses.iter().copied().zip(f.dfg().inst(pad).args.iter().copied()).collect());
    for &(_, ni) in clones {
        if matches!(f.dfg().inst(ni).kind, InstKind::LandingPad { .. }) {
            f.add_landingpad_clauses(ni, &outer, cleanup);
        }
    }
    let mut k = 0;
    while k < new_blocks.len() {
        let b = new_blocks[k];
        k += 1;
        if let Some(call) = f.block_insts(b).find(|&i| call_may_unwind(m, f, i)) {
            // Split after the call, which becomes an invoke.
            let name = f.dfg().inst_result(call).and_then(|r| f.dfg().value_name(r)).unwrap_or("");
            let name = format!("{name}.noexc");
            let nb = f.dfg_mut().make_block(Some(&name));
            let rest: Vec<Inst> = f.block_insts(b).skip_while(|&x| x != call).skip(1).collect();
            for &x in &rest {
                f.layout_mut().move_inst_to_end(x, nb);
            }
            let succs: Vec<Block> = f.terminator(nb).map(|t| f.dfg().inst(t).successors().to_vec()).unwrap_or_default();
            for s in succs {
                f.retarget_phis_of(s, b, nb);
            }
            f.call_to_invoke(call, nb, unwind);
            let md: Vec<_> =
                f.dfg().inst_metadata(call).iter().filter(|(k, _)| matches!(&**k, "dbg" | "prof")).cloned().collect();
            f.dfg_mut().set_all_inst_md(call, md);
            for (&phi, &v) in dest.phis.iter().zip(&dest.phi_values) {
                f.add_incoming(phi, v, b);
            }
            new_blocks.insert(k, nb);
            continue;
        }
        let Some(t) = f.terminator(b).filter(|&t| matches!(f.dfg().inst(t).kind, InstKind::Resume)) else {
            continue;
        };
        let exception = f.dfg().inst(t).args[0];
        let (to, inner, eh) = dest.resume_dest(f);
        f.set_branch(t, None, &[to]);
        for (&phi, &v) in inner.iter().zip(&dest.phi_values) {
            f.add_incoming(phi, v, b);
        }
        f.add_incoming(eh, exception, b);
    }
    remove_predecessor(f, unwind, call_block);
    let mut touched = vec![unwind];
    touched.extend(dest.resume_dest.map(|(b, _, _)| b));
    touched
}

/// The phis of `b` forget predecessor `pred`, as LLVM's
/// `BasicBlock::removePredecessor` does: the entry goes (the last taking
/// its slot), and a phi left with one value for all its entries (itself
/// aside) is replaced by that value, unless `b` had one predecessor.
fn remove_predecessor(f: &mut Function, b: Block, pred: Block) {
    let phis: Vec<Inst> = f.phis(b).collect();
    let Some(&first) = phis.first() else { return };
    let preds = f.dfg().inst(first).args.len();
    let mut repl = Replacements::new();
    for phi in phis {
        f.remove_incoming_swapping_last(phi, pred);
        let pv = f.dfg().inst_result(phi).expect("a phi has a value");
        let args = f.dfg().inst(phi).args.clone();
        let value = if args.is_empty() {
            let ty = f.dfg().value_type(pv);
            Some(f.dfg_mut_preserving_cfg().make_const(Const::poison(ty)))
        } else if preds == 1 {
            None
        } else {
            let mut others = args.iter().copied().filter(|&a| a != pv);
            match others.next() {
                None => {
                    let ty = f.dfg().value_type(pv);
                    Some(f.dfg_mut_preserving_cfg().make_const(Const::poison(ty)))
                }
                Some(v) => others.all(|a| a == v).then_some(v),
            }
        };
        if let Some(v) = value {
            repl.insert(pv, v);
            remove_inst(f, phi);
        }
    }
    repl.apply(f);
}

/// Whether `b` is on a cycle of the CFG `cfg` (reaches itself).
fn block_on_cycle(cfg: &opt_conv_ir::analysis::Cfg, b: Block) -> bool {
    let mut seen = opt_conv_ir::EntitySet::new();
    let mut work: Vec<Block> = cfg.succs(b).to_vec();
    while let Some(x) = work.pop() {
        if x == b {
            return true;
        }
        if seen.insert(x) {
            work.extend(cfg.succs(x).iter().copied().filter(|&s| !seen.contains(s)));
        }
    }
    false
}

/// Whether removing the edges `removed` from the callee `f` (its reachable
/// blocks `blocks`) leaves a block holding a convergent operation reached
/// from the entry but with no way to a return (or a `resume`), where it had
/// one. Inlined at a call on a cycle of the caller, such a block was on
/// that cycle (its threads went back to the call through a return) and
/// would no longer be: threads that reached it in different iterations of
/// the caller's cycle, apart there, would be grouped together (rule
/// irreducible-edge asks only about the callee's own cycles, where the
/// edges dropped may be on none).
fn strands_convergent_block(m: &Module, f: &Function, blocks: &[Block], removed: &[(Block, Block)]) -> bool {
    let exits =
        |b: Block| f.terminator(b).is_some_and(|t| matches!(f.dfg().inst(t).kind, InstKind::Ret | InstKind::Resume));
    let mut preds: FxHashMap<Block, Vec<Block>> = FxHashMap::default();
    for &b in blocks {
        for &s in f.successors(b) {
            preds.entry(s).or_default().push(b);
        }
    }
    // Blocks that reach an exit, with all edges and with the live ones.
    let reach_exit = |live: &dyn Fn(Block, Block) -> bool| {
        let mut seen: rustc_hash::FxHashSet<Block> = blocks.iter().copied().filter(|&b| exits(b)).collect();
        let mut work: Vec<Block> = seen.iter().copied().collect();
        while let Some(b) = work.pop() {
            for &p in preds.get(&b).map_or(&[][..], Vec::as_slice) {
                if live(p, b) && seen.insert(p) {
                    work.push(p);
                }
            }
        }
        seen
    };
    let before = reach_exit(&|_, _| true);
    let after = reach_exit(&|p, s| !removed.contains(&(p, s)));
    // Blocks still reached from the entry.
    let mut reached: rustc_hash::FxHashSet<Block> = rustc_hash::FxHashSet::default();
    let mut work: Vec<Block> = f.entry_block().into_iter().collect();
    while let Some(b) = work.pop() {
        if reached.insert(b) {
            work.extend(f.successors(b).iter().copied().filter(|&s| !removed.contains(&(b, s))));
        }
    }
    reached.iter().any(|&b| {
        before.contains(&b)
            && !after.contains(&b)
            && f.block_insts(b).any(|i| opt_conv_legality::convergence::is_convergent_op(m, f, f.dfg().inst(i)))
    })
}

/// The blocks of `f` reachable from its entry, in layout order.
fn reachable_blocks(f: &Function) -> Vec<Block> {
    let mut seen = opt_conv_ir::EntitySet::new();
    let mut work: Vec<Block> = f.entry_block().into_iter().collect();
    while let Some(b) = work.pop() {
        if seen.insert(b) {
            work.extend(f.successors(b).iter().copied().filter(|&s| !seen.contains(s)));
        }
    }
    f.layout().blocks().filter(|&b| seen.contains(b)).collect()
}

/// The call sites among the copies still in the caller and among the
/// users of the call's result.
/// Not only copies of the callee's call sites: a call through a parameter
/// (or through the result) becomes a direct call when the argument (or the
/// returned value) is a function.
fn edits(graph: &CallGraph, f: &Function, clones: &[(Inst, Inst)], result_users: &[Inst]) -> InlineEdits {
    let live = |i: Inst| !f.dfg().is_removed(i) && f.layout().inst_block(i).is_some();
    let new_sites = clones
        .iter()
        .map(|&(_, ni)| ni)
        .chain(result_users.iter().copied())
        .filter(|&i| live(i))
        .filter_map(|i| graph.callee_of(f, i).map(|c| (i, c)))
        .collect();
    let clones = clones.iter().map(|&(_, ni)| ni).filter(|&i| live(i)).collect();
    InlineEdits { new_sites, clones }
}

/// What replaces the call's result `r` when the callee returns `v`: `v`,
/// unless `v` is `r` itself (unreachable code may pass a call its own
/// result, and the callee return it), which becomes `poison`, as in LLVM.
fn not_itself(f: &mut Function, r: Value, v: Value) -> Value {
    if v != r {
        return v;
    }
    let ty = f.dfg().value_type(r);
    f.dfg_mut_preserving_cfg().make_const(opt_conv_ir::Const::poison(ty))
}

/// Joins the copy's blocks (not in the layout yet) into its entry when they
/// form a straight chain ending in a `ret`: each branches only to the next,
/// which nothing else reaches. LLVM's cloner joins such blocks as it copies
/// and then puts a one-block copy where the call was; the general path gets
/// the same blocks by splitting the call's block and joining the code after
/// the call back, which moves that code twice. The oracle is asked for each
/// join (a loop or entry intrinsic must stay first in its block); at a
/// refusal the joins made so far stay and the rest takes the general path.
/// A chain with an alloca past the entry is left whole: that alloca is
/// dynamic, and would read as static in the entry.
fn join_straight_copy(m: &Module, f: &mut Function, new_blocks: &mut Vec<Block>) {
    let Some((&entry, rest)) = new_blocks.split_first() else { return };
    if rest.is_empty() {
        return;
    }
    let mut preds: FxHashMap<Block, usize> = FxHashMap::default();
    for &b in new_blocks.iter() {
        for &s in f.terminator(b).map(|t| f.dfg().inst(t).successors()).unwrap_or_default() {
            *preds.entry(s).or_default() += 1;
        }
    }
    let mut chain = vec![entry];
    let mut cur = entry;
    loop {
        let Some(t) = f.terminator(cur) else { return };
        let d = f.dfg().inst(t);
        match (&d.kind, d.successors()) {
            (InstKind::Ret, _) => break,
            (InstKind::Br, &[next]) if preds.get(&next) == Some(&1) && next != entry && !chain.contains(&next) => {
                chain.push(next);
                cur = next;
            }
            _ => return,
        }
    }
    if chain.len() != new_blocks.len()
        || chain[1..].iter().any(|&b| f.block_insts(b).any(|i| matches!(f.dfg().inst(i).kind, InstKind::Alloca { .. })))
    {
        return;
    }
    let mut joined = 1;
    for &next in &chain[1..] {
        if !matches!(Oracle::block_merge(m, f, entry, next), Verdict::Legal(_)) {
            break;
        }
        let t = f.terminator(entry).expect("the chain branches on");
        let mut recs = f.layout_mut_preserving_cfg().take_dbg_records(t);
        remove_inst(f, t);
        let phis: Vec<Inst> = f.phis(next).collect();
        let mut repl = Replacements::new();
        for &phi in &phis {
            repl.insert(f.dfg().inst_result(phi).expect("a phi has a result"), f.dfg().inst(phi).args[0]);
            remove_inst(f, phi);
        }
        repl.apply(f);
        let first = f.layout().first_inst(next).expect("a block of the chain has a terminator");
        let layout = f.layout_mut_preserving_cfg();
        if !recs.is_empty() {
            recs.extend(layout.take_dbg_records(first));
            layout.set_dbg_records(first, recs);
        }
        layout.move_all_to_end(next, entry);
        joined += 1;
    }
    // The chain need not follow the callee's layout order: drop exactly the
    // blocks joined into the entry, and the first one left (its merge was
    // refused) now comes from the entry.
    if joined > 1 {
        if let Some(&rest) = chain.get(joined) {
            f.retarget_phis_of(rest, chain[joined - 1], entry);
        }
        new_blocks.retain(|b| !chain[1..joined].contains(b));
    }
}

/// Whether the one-block copy `copy` may go where `call` was: a loop
/// intrinsic must stay the first convergent operation of its block (the
/// verifier rejects one after another convergent operation or token
/// intrinsic), and folding may have joined a heart, whose loop lost its back
/// edge, into the copy's entry. With one before the call, the copy keeps
/// its own block (the general path, which asks the oracle for each join).
fn may_go_in_place(m: &Module, f: &Function, call: Inst, copy: Block) -> bool {
    use opt_conv_legality::convergence::{intrinsic_kind, is_convergent_op};
    let counts = |i: Inst| {
        let d = f.dfg().inst(i);
        is_convergent_op(m, f, d) || intrinsic_kind(m, f, d).is_some()
    };
    let leads_with_heart = f
        .block_insts(copy)
        .find(|&i| counts(i))
        .is_some_and(|i| matches!(intrinsic_kind(m, f, f.dfg().inst(i)), Some(TokenKind::Loop | TokenKind::Entry)));
    if !leads_with_heart {
        return true;
    }
    let Some(call_block) = f.layout().inst_block(call) else { return true };
    !f.block_insts(call_block).take_while(|&i| i != call).any(counts)
}

/// Moves the body of `copy` (a one-block callee's copy, not in the layout)
/// before `call`, which it replaces (an invoke with a branch to its
/// `normal` destination): the call's result becomes the value `ret`
/// returned, and static allocas go to the top of the caller's entry, as in
/// the general case.
fn inline_in_place(
    f: &mut Function,
    call: Inst,
    call_result: Option<Value>,
    copy: Block,
    ret: Inst,
    normal: Option<Block>,
) {
    let returned = f.dfg().inst(ret).args.first().copied();
    let body: Vec<Inst> = f.block_insts(copy).filter(|&i| i != ret).collect();
    // Debug records: the call's come before the body, the return's after
    // it, where the call was.
    let layout = f.layout_mut_preserving_cfg();
    let mut before = layout.take_dbg_records(call);
    let after = layout.take_dbg_records(ret);
    for &i in &body {
        layout.move_inst_before(i, call);
    }
    match body.first() {
        Some(&first) => {
            before.extend(layout.take_dbg_records(first));
            layout.set_dbg_records(first, before);
            layout.set_dbg_records(call, after);
        }
        None => {
            before.extend(after);
            layout.set_dbg_records(call, before);
        }
    }
    // No edge changes: the CFG stays valid (at an invoke, the branch to
    // its normal destination takes its place and its debug records).
    remove_inst(f, ret);
    if let Some(normal) = normal {
        let br = f.dfg_mut().make_inst(InstData::new(InstKind::Br, &[], &[normal]), opt_conv_ir::Type::VOID);
        f.layout_mut().insert_inst_after(br, call);
    }
    remove_inst(f, call);
    if let (Some(r), Some(v)) = (call_result, returned) {
        let mut repl = Replacements::new();
        repl.insert(r, not_itself(f, r, v));
        repl.apply(f);
    }
    let allocas: Vec<Inst> = body.into_iter().filter(|&i| is_static_alloca(f, i)).collect();
    move_to_entry_top(f, &allocas);
}

/// LLVM's lifetime markers for the inlined static allocas (the copies of
/// the callee's entry, `entry_copy`, that will move to the caller's
/// entry, after the allocas of the call's `byval_copies`): a frame's allocas live while the callee runs, and in the caller
/// they would otherwise live as long as the caller, so each gets
/// `llvm.lifetime.start` where the inlined body begins and
/// `llvm.lifetime.end` before each of its returns (none if it never
/// returns), as LLVM 22's `InlineFunction` does. Not for an alloca the
/// callee already scoped with markers of its own, nor for one of size
/// zero, one nothing uses (it is deleted), or a `swifterror` one. Before a
/// return that follows a `musttail` call no end is put (the call must
/// stay right before it); inlined `musttail` calls have lost the marker
/// unless the call site had it. The markers are plain calls: they change
/// no edge and do nothing to convergence.
fn add_lifetime_markers(
    m: &mut Module,
    f: &mut Function,
    byval_copies: &[Inst],
    entry_copy: Block,
    clones: &[(Inst, Inst)],
) {
    let dl = m.data_layout();
    // Only the inlined instructions can use these allocas (the callee's
    // own, or copies made for its byval arguments, which their memcpy
    // uses): one walk over them says which are used, and which the callee
    // already scoped with markers of its own.
    let mut used: rustc_hash::FxHashSet<Value> = rustc_hash::FxHashSet::default();
    let mut scoped: rustc_hash::FxHashSet<Value> = rustc_hash::FxHashSet::default();
    for &(_, ni) in clones {
        let d = f.dfg().inst(ni);
        let marker =
            opt_conv_legality::convergence::callee_decl(m, f, d).is_some_and(|c| c.name.starts_with("llvm.lifetime."));
        for &a in &d.args {
            used.insert(a);
            if marker {
                scoped.insert(a);
            }
        }
    }
    let mut allocas = Vec::new();
    let entry_allocas = f.block_insts(entry_copy).collect::<Vec<_>>();
    for i in byval_copies.iter().copied().chain(entry_allocas) {
        let d = f.dfg().inst(i);
        let InstKind::Alloca { ty, swifterror, .. } = d.kind else { continue };
        if swifterror || !is_static_alloca(f, i) {
            continue;
        }
        let count = d.args.first().and_then(|&c| f.dfg().value_const(c)).map_or(Some(1), Const::as_int);
        if count == Some(0) || (m.types.is_sized(ty) && !has_scalable(m, ty) && dl.alloc_size(&m.types, ty) == 0) {
            continue;
        }
        let Some(a) = f.dfg().inst_result(i) else { continue };
        if (used.contains(&a) || byval_copies.contains(&i)) && !scoped.contains(&a) {
            // The size in bytes, for a module that still declares the
            // markers in their older form, with a size operand.
            let size = count
                .filter(|_| m.types.is_sized(ty) && !has_scalable(m, ty))
                .and_then(|n| u64::try_from(n).ok()?.checked_mul(dl.alloc_size(&m.types, ty)));
            allocas.push((a, size));
        }
    }
    if allocas.is_empty() {
        return;
    }
    let returns: Vec<Inst> = clones
        .iter()
        .map(|&(_, ni)| ni)
        .filter(|&ni| matches!(f.dfg().inst(ni).kind, InstKind::Ret))
        .filter(|&ret| {
            let before = f.layout().prev_inst(ret);
            !before.and_then(|p| f.dfg().inst(p).call_info()).is_some_and(|c| c.tail == TailKind::MustTail)
        })
        .collect();
    let top = f.layout().first_inst(entry_copy).expect("the callee's entry has a terminator");
    // As LLVM's builder does, each marker takes the location of the
    // instruction it is put before: the first that stays where the inlined
    // body begins (the allocas move), and each return.
    let start_loc =
        f.block_insts(entry_copy).find(|&i| !is_static_alloca(f, i)).and_then(|i| f.dfg().inst_md(i, "dbg"));
    for (a, size) in allocas {
        let ptr_ty = f.dfg().value_type(a);
        let space = match m.types.get(ptr_ty) {
            opt_conv_ir::types::TypeData::Ptr(s) => *s,
            _ => 0,
        };
        for (which, at) in [("start", vec![top]), ("end", returns.clone())] {
            let decl = m.declare(&format!("llvm.lifetime.{which}.p{space}"), opt_conv_ir::Type::VOID, &[ptr_ty]);
            let fn_ty = m.func(decl).expect("declared").ty;
            // LLVM 22's form takes the alloca alone; a module read with the
            // older declaration (a size first, -1 if unknown) keeps it, and
            // LLVM upgrades both alike. Any other signature: no marker.
            let args = match m.types.fn_sig(fn_ty).map(|(_, params, _)| params) {
                Some([p]) if *p == ptr_ty => vec![a],
                Some([n, p]) if *n == opt_conv_ir::Type::I64 && *p == ptr_ty => {
                    let bytes = size.map_or(u128::from(u64::MAX), u128::from);
                    let c = Const::int(&m.types, opt_conv_ir::Type::I64, bytes);
                    vec![f.dfg_mut_preserving_cfg().make_const(c), a]
                }
                _ => continue,
            };
            for before in at {
                let loc = if before == top { start_loc } else { f.dfg().inst_md(before, "dbg") };
                let dfg = f.dfg_mut_preserving_cfg();
                let marker = opt_conv_ir::builder::make_call(dfg, decl, fn_ty, opt_conv_ir::Type::VOID, &args);
                if loc.is_some() {
                    dfg.set_inst_md(marker, "dbg", loc);
                }
                f.layout_mut_preserving_cfg().insert_inst_before(marker, before);
            }
        }
    }
}

/// LLVM's pruning cloner, on the inlined copy before it joins the caller
/// (`new_blocks`, the callee's entry copy first; `clones`, the copies of
/// the callee's instructions): instructions without effects simplify with
/// the call's constant arguments (folded to a constant, or to an operand,
/// as `and 0, %x` to 0); a conditional branch or a switch on a constant becomes a
/// branch to the successor taken; blocks the folded branches no longer
/// reach are dropped, and the phis of those that remain lose the entries
/// of edges that no longer exist (a phi left without any becomes poison);
/// then a phi whose entries all bring one value is replaced by it, and
/// what uses it simplified in turn; branches that became constant that way
/// fold, and the blocks they leave behind go. Fall-through branches are
/// merged once the copy is in the caller (the oracle is asked there).
///
/// Convergence: a branch on a constant goes the same way in every thread,
/// a dropped block never ran, and a folded value is the same in every
/// thread; removing edges only removes closed paths of the CFG, so the
/// static rules of convergence tokens keep holding. But a removed edge can
/// end a cycle, or take a block out of a loop, and with it change who is
/// grouped at a convergent operation: `may_fold` (the oracle's
/// `irreducible-edge` on the callee) says which branches may go.
///
/// Returns the replacements made (what each folded copy became); `clones`
/// keeps the copies still there, `new_blocks` the blocks.
fn prune_copy(
    m: &Module,
    f: &mut Function,
    new_blocks: &mut Vec<Block>,
    clones: &mut Vec<(Inst, Inst)>,
    nonnull: &rustc_hash::FxHashSet<Value>,
    may_fold: &dyn Fn(Block, &[Block]) -> bool,
) -> Replacements {
    let mut repl = Replacements::new();
    let Some(&entry) = new_blocks.first() else { return repl };
    let mut removed: rustc_hash::FxHashSet<Inst> = rustc_hash::FxHashSet::default();
    // Blocks in the order LLVM's cloner visits them (a definition's block
    // before the blocks it dominates), folding as it goes.
    let mut seen = reach_folding(m, f, entry, &mut repl, &mut removed, true, (nonnull, may_fold));
    drop_unreached(f, new_blocks, &seen, &mut removed);
    fix_phis(f, new_blocks, &mut removed);
    // Phis that now bring one value, and what uses them.
    let mut work: Vec<Inst> = new_blocks.iter().flat_map(|&b| f.phis(b).collect::<Vec<_>>()).collect();
    work.reverse();
    let in_copy: rustc_hash::FxHashSet<Block> = new_blocks.iter().copied().collect();
    // Who uses what in the copy, found once (a replaced value's users
    // become users of its replacement).
    let mut users: FxHashMap<Value, Vec<Inst>> = FxHashMap::default();
    for &b in new_blocks.iter() {
        for i in f.block_insts(b) {
            for &a in &f.dfg().inst(i).args {
                users.entry(a).or_default().push(i);
            }
        }
    }
    while let Some(i) = work.pop() {
        if removed.contains(&i) {
            continue;
        }
        f.map_operands(i, |a| repl.resolve(a));
        let Some(r) = f.dfg().inst_result(i) else { continue };
        let v = if f.dfg().inst(i).is_phi() {
            phi_value(f, &in_copy, i)
        } else if opt_conv_ir::effects::inst_effects(m, f, i).is_removable() {
            crate::simplify::simplify(m, f, i).or_else(|| fold_more(m, f, i))
        } else {
            None
        };
        let Some(v) = v else { continue };
        repl.insert(r, v);
        // Its users in the copy are looked at again.
        let moved = users.remove(&r).unwrap_or_default();
        for &u in &moved {
            if !removed.contains(&u) {
                work.push(u);
            }
        }
        users.entry(v).or_default().extend(moved);
        remove_inst(f, i);
        removed.insert(i);
    }
    for &(_, ni) in clones.iter() {
        if !removed.contains(&ni) {
            f.map_operands(ni, |a| repl.resolve(a));
        }
    }
    // Branches made constant by the phis, and what they leave unreached.
    seen = reach_folding(m, f, entry, &mut repl, &mut removed, false, (nonnull, may_fold));
    // A branch folded here can drop an edge to a block still reached some
    // other way: its phis lose that entry even when no block goes.
    if seen.len() < new_blocks.len() {
        drop_unreached(f, new_blocks, &seen, &mut removed);
    }
    fix_phis(f, new_blocks, &mut removed);
    clones.retain(|&(_, ni)| !removed.contains(&ni));
    repl
}

/// The one value phi `i` (of the copy, whose blocks are `in_copy`) brings,
/// if it brings one, as LLVM's InstSimplify finds it: its entries other
/// than itself are all that value, or `undef`; with `undef` entries, only
/// a value that dominates the phi (a constant, or a value from outside the
/// copy, which dominates the call) stands for them. All `undef`: `undef`.
fn phi_value(f: &Function, in_copy: &rustc_hash::FxHashSet<Block>, i: Inst) -> Option<Value> {
    let dfg = f.dfg();
    let r = dfg.inst_result(i)?;
    let is_undef = |v: Value| dfg.value_const(v).is_some_and(|c| matches!(c.kind, opt_conv_ir::ConstKind::Undef));
    let mut common = None;
    let mut undef = None;
    for &a in dfg.inst(i).args.iter().filter(|&&a| a != r) {
        if is_undef(a) {
            undef = Some(a);
            continue;
        }
        match common {
            None => common = Some(a),
            Some(c) if c == a => {}
            Some(_) => return None,
        }
    }
    match (common, undef) {
        (Some(c), None) => Some(c),
        (Some(c), Some(_)) => {
            let inside = dfg.value_inst(c).and_then(|d| f.layout().inst_block(d)).is_some_and(|b| in_copy.contains(&b));
            (dfg.value_const(c).is_some() || !inside).then_some(c)
        }
        (None, u) => u,
    }
}

/// Whether a branch ending a block may lose its edges to the blocks given.
type MayFold<'a> = dyn Fn(Block, &[Block]) -> bool + 'a;

/// Walks the copy from `entry` as LLVM's cloner does, simplifying (when
/// `fold`) instructions without effects ([`crate::simplify::simplify`]:
/// constants folded, identities such as `and 0, %x`), and (always) conditional
/// branches and switches on a constant that `may_fold` lets go: the blocks
/// reached.
fn reach_folding(
    m: &Module,
    f: &mut Function,
    entry: Block,
    repl: &mut Replacements,
    removed: &mut rustc_hash::FxHashSet<Inst>,
    fold: bool,
    (nonnull, may_fold): (&rustc_hash::FxHashSet<Value>, &MayFold),
) -> rustc_hash::FxHashSet<Block> {
    let mut seen = rustc_hash::FxHashSet::default();
    let mut work = vec![entry];
    while let Some(b) = work.pop() {
        if !seen.insert(b) {
            continue;
        }
        let insts: Vec<Inst> = f.block_insts(b).collect();
        for i in insts {
            if f.dfg().inst(i).is_phi() {
                continue;
            }
            f.map_operands(i, |a| repl.resolve(a));
            let d = f.dfg().inst(i);
            if d.is_terminator() {
                fold_constant_terminator(f, i, may_fold);
                let succs: Vec<Block> = f.dfg().inst(i).successors().to_vec();
                work.extend(succs.iter().copied().filter(|s| !seen.contains(s)));
                continue;
            }
            if !fold {
                continue;
            }
            let Some(r) = d.result() else { continue };
            if !opt_conv_ir::effects::inst_effects(m, f, i).is_removable() {
                continue;
            }
            let folded = if f.dfg().inst(i).call_info().is_some() {
                // Only the intrinsics LLVM folds on constants.
                fold_more(m, f, i)
            } else {
                null_test(f, i, nonnull).or_else(|| crate::simplify::simplify(m, f, i)).or_else(|| fold_more(m, f, i))
            };
            if let Some(v) = folded {
                repl.insert(r, v);
                remove_inst(f, i);
                removed.insert(i);
            }
        }
    }
    seen
}

/// What LLVM's constant folding and InstSimplify make of `i` beyond
/// [`crate::simplify::simplify`], as its inline cost analysis and its
/// pruning cloner see it: `fcmp` of two float constants and `fneg` of one;
/// `inttoptr` of an integer constant (a constant expression), and
/// `ptrtoint` of that or of `null`; `extractvalue` of a constant aggregate;
/// the overflow-checking arithmetic intrinsics on two integer constants;
/// `icmp` of a value with itself; and `sub` of two `ptrtoint`s of pointers
/// with one base and constant `inbounds` offsets (the difference of the
/// offsets, LLVM's `computePointerDifference`). Each is exact: the value
/// the instruction computes whenever it runs.
fn fold_more(m: &Module, f: &mut Function, i: Inst) -> Option<Value> {
    use opt_conv_ir::ConstKind;
    use opt_conv_ir::constant::{ConstExpr, mask};
    use opt_conv_ir::inst::{BinOp, CastOp, FloatPred, IntPred};
    let d = f.dfg().inst(i);
    let r = d.result()?;
    let ty = f.dfg().value_type(r);
    let cst = |v: Value| f.dfg().value_const(v);
    let float = |v: Value| {
        let c = cst(v)?;
        let ConstKind::Float(bits) = c.kind else { return None };
        opt_conv_ir::constant::float_to_f64(m.types.float_kind(c.ty)?, bits)
    };
    let made = match &d.kind {
        InstKind::FCmp { pred, .. } if !m.types.is_vector(ty) => {
            let (x, y) = (float(d.args[0])?, float(d.args[1])?);
            let unordered = x.is_nan() || y.is_nan();
            let v = match pred {
                FloatPred::False => false,
                FloatPred::True => true,
                FloatPred::Ord => !unordered,
                FloatPred::Uno => unordered,
                FloatPred::Oeq => !unordered && x == y,
                FloatPred::Ogt => !unordered && x > y,
                FloatPred::Oge => !unordered && x >= y,
                FloatPred::Olt => !unordered && x < y,
                FloatPred::Ole => !unordered && x <= y,
                FloatPred::One => !unordered && x != y,
                FloatPred::Ueq => unordered || x == y,
                FloatPred::Ugt => unordered || x > y,
                FloatPred::Uge => unordered || x >= y,
                FloatPred::Ult => unordered || x < y,
                FloatPred::Ule => unordered || x <= y,
                FloatPred::Une => unordered || x != y,
            };
            Const::bool(v)
        }
        InstKind::FNeg { .. } => {
            let c = cst(d.args[0])?;
            let ConstKind::Float(bits) = c.kind else { return None };
            let width = match m.types.float_kind(c.ty)? {
                opt_conv_ir::types::FloatKind::Half | opt_conv_ir::types::FloatKind::BFloat => 16,
                opt_conv_ir::types::FloatKind::Float => 32,
                opt_conv_ir::types::FloatKind::Double => 64,
                _ => return None,
            };
            Const { ty, kind: ConstKind::Float(bits ^ (1u128 << (width - 1))) }
        }
        InstKind::Cast { op: CastOp::IntToPtr, .. } if m.types.is_ptr(ty) => {
            let c = cst(d.args[0])?;
            c.as_int()?;
            Const { ty, kind: ConstKind::Expr(Box::new(ConstExpr::Cast(CastOp::IntToPtr, c.clone()))) }
        }
        InstKind::Cast { op: CastOp::PtrToInt, .. } => {
            let to = m.types.int_bits(ty).filter(|&b| b <= 128)?;
            let c = cst(d.args[0])?;
            let v = match &c.kind {
                ConstKind::Null => 0,
                ConstKind::Expr(e) => match &**e {
                    ConstExpr::Cast(CastOp::IntToPtr, x) => {
                        let space = match m.types.get(c.ty) {
                            opt_conv_ir::types::TypeData::Ptr(s) => *s,
                            _ => return None,
                        };
                        let from = m.types.int_bits(x.ty).filter(|&b| b <= 128)?;
                        let ptr = m.data_layout().pointer_bits(space);
                        mask(x.as_int()?, from.min(ptr).min(to))
                    }
                    _ => return None,
                },
                _ => return None,
            };
            Const::int(&m.types, ty, v)
        }
        InstKind::ExtractValue { indices } => {
            let mut c = cst(d.args[0])?;
            for &k in indices.iter() {
                match &c.kind {
                    ConstKind::Aggregate(xs) => c = xs.get(k as usize)?,
                    _ => return None,
                }
            }
            c.clone()
        }
        InstKind::Call(_) => {
            let callee = f.dfg().direct_callee_of(d).and_then(|g| m.func(g))?;
            let name = callee.name.strip_prefix("llvm.")?;
            let (op, signed) = [
                ("uadd.with.overflow.", (BinOp::Add, false)),
                ("sadd.with.overflow.", (BinOp::Add, true)),
                ("usub.with.overflow.", (BinOp::Sub, false)),
                ("ssub.with.overflow.", (BinOp::Sub, true)),
                ("umul.with.overflow.", (BinOp::Mul, false)),
                ("smul.with.overflow.", (BinOp::Mul, true)),
            ]
            .into_iter()
            .find_map(|(p, o)| name.starts_with(p).then_some(o))?;
            let args = d.call_args();
            let (a, b) = (cst(*args.first()?)?, cst(*args.get(1)?)?);
            let bits = m.types.int_bits(a.ty).filter(|&b| b <= 64)?;
            let (x, y) = (a.as_int()?, b.as_int()?);
            let (wide, ovf) = if signed {
                let (sx, sy) = (opt_conv_ir::constant::sext(x, bits), opt_conv_ir::constant::sext(y, bits));
                let v = match op {
                    BinOp::Add => sx + sy,
                    BinOp::Sub => sx - sy,
                    _ => sx * sy,
                };
                let lo = -(1i128 << (bits - 1));
                let hi = (1i128 << (bits - 1)) - 1;
                (v as u128, v < lo || v > hi)
            } else {
                // In 128 bits, the product of two of 64 bits too.
                match op {
                    BinOp::Add => (x + y, x + y >= 1u128 << bits),
                    BinOp::Sub => (x.wrapping_sub(y), x < y),
                    _ => (x * y, (x * y) >> bits != 0),
                }
            };
            let fields = match m.types.get(ty) {
                opt_conv_ir::types::TypeData::Struct { fields, .. } if fields.len() == 2 => fields.clone(),
                _ => return None,
            };
            let value = Const::int(&m.types, fields[0], mask(wide, bits));
            let flag = Const { ty: fields[1], kind: ConstKind::Int(u128::from(ovf)) };
            Const { ty, kind: ConstKind::Aggregate(vec![value, flag].into_boxed_slice()) }
        }
        // `getelementptr undef, ...` may be any pointer (poison stays poison).
        InstKind::Gep { .. } => match cst(d.args[0])?.kind {
            ConstKind::Undef => Const { ty, kind: ConstKind::Undef },
            ConstKind::Poison => Const { ty, kind: ConstKind::Poison },
            _ => return None,
        },
        InstKind::ICmp { pred: pred @ (IntPred::Eq | IntPred::Ne), .. }
            if d.args[0] != d.args[1]
                && ty == opt_conv_ir::Type::I1
                && m.types.is_ptr(f.dfg().value_type(d.args[0])) =>
        {
            let (ba, oa) = inbounds_base(m, f, d.args[0])?;
            let (bb, ob) = inbounds_base(m, f, d.args[1])?;
            if ba != bb || (oa == 0 && ob == 0) {
                return None;
            }
            Const::bool((oa == ob) == (*pred == IntPred::Eq))
        }
        InstKind::ICmp { pred, .. } if d.args[0] == d.args[1] && ty == opt_conv_ir::Type::I1 => {
            Const::bool(matches!(pred, IntPred::Eq | IntPred::Uge | IntPred::Ule | IntPred::Sge | IntPred::Sle))
        }
        InstKind::Binary { op: BinOp::Sub, .. } => {
            let bits = m.types.int_bits(ty).filter(|&b| b <= 128)?;
            let pointer = |v: Value| {
                let x = f.dfg().value_inst(v)?;
                let xd = f.dfg().inst(x);
                matches!(xd.kind, InstKind::Cast { op: CastOp::PtrToInt, .. }).then(|| xd.args[0])
            };
            let (pa, pb) = (pointer(d.args[0])?, pointer(d.args[1])?);
            let (ba, oa) = inbounds_base(m, f, pa)?;
            let (bb, ob) = inbounds_base(m, f, pb)?;
            if ba != bb {
                return None;
            }
            Const::int(&m.types, ty, mask(oa.wrapping_sub(ob) as u128, bits))
        }
        _ => return None,
    };
    Some(f.dfg_mut_preserving_cfg().make_const(made))
}

/// `p` as a base pointer plus a constant byte offset, through `inbounds`
/// `getelementptr` instructions of one constant index over a type of fixed
/// size (each within the object of the base, so the offsets add up
/// exactly).
fn inbounds_base(m: &Module, f: &Function, mut p: Value) -> Option<(Value, i128)> {
    let mut offset: i128 = 0;
    for _ in 0..16 {
        let Some(x) = f.dfg().value_inst(p) else { break };
        let d = f.dfg().inst(x);
        let InstKind::Gep { source, flags } = &d.kind else { break };
        // A scalable type's size is a multiple of `vscale`, known only at
        // run time: its allocation size here is the least one.
        if !flags.contains(opt_conv_ir::inst::GepFlags::INBOUNDS)
            || d.args.len() != 2
            || !m.types.is_sized(*source)
            || has_scalable(m, *source)
        {
            break;
        }
        let Some(c) = f.dfg().value_const(d.args[1]) else { break };
        let bits = m.types.int_bits(c.ty).filter(|&b| b <= 64)?;
        let idx = opt_conv_ir::constant::sext(c.as_int()?, bits);
        let size = i128::from(m.data_layout().alloc_size(&m.types, *source));
        offset = offset.checked_add(idx.checked_mul(size)?)?;
        p = d.args[0];
    }
    Some((p, offset))
}

/// The answer of `i` if it compares a value of `nonnull` with null for
/// equality (a `nonnull` argument that is null is poison, so either answer
/// is right then).
fn null_test(f: &mut Function, i: Inst, nonnull: &rustc_hash::FxHashSet<Value>) -> Option<Value> {
    if nonnull.is_empty() {
        return None;
    }
    let d = f.dfg().inst(i);
    let InstKind::ICmp { pred, .. } = d.kind else { return None };
    let eq = match pred {
        opt_conv_ir::inst::IntPred::Eq => true,
        opt_conv_ir::inst::IntPred::Ne => false,
        _ => return None,
    };
    let is_null = |v: Value| f.dfg().value_const(v).is_some_and(|c| matches!(c.kind, opt_conv_ir::ConstKind::Null));
    let (a, b) = (d.args[0], d.args[1]);
    if !((nonnull.contains(&a) && is_null(b)) || (nonnull.contains(&b) && is_null(a))) {
        return None;
    }
    Some(f.dfg_mut().make_const(Const::bool(!eq)))
}

/// A conditional branch or a switch on a constant becomes a branch to the
/// successor taken (phis are fixed afterwards, see [`fix_phis`]); a
/// conditional branch whose two successors are one block becomes a plain
/// branch to it.
fn fold_constant_terminator(f: &mut Function, t: Inst, may_fold: &dyn Fn(Block, &[Block]) -> bool) {
    let d = f.dfg().inst(t);
    let cond = |f: &Function| f.dfg().value_const(f.dfg().inst(t).args[0]).and_then(Const::as_int);
    let taken = match d.kind {
        InstKind::Br if d.is_cond_br() => match cond(f) {
            Some(c) => Some(if c != 0 { d.blocks[0] } else { d.blocks[1] }),
            None if d.successors()[0] == d.successors()[1] => Some(d.successors()[0]),
            None => None,
        },
        InstKind::Switch => cond(f).map(|c| {
            let case = d.args[1..].iter().position(|&v| f.dfg().value_const(v).and_then(Const::as_int) == Some(c));
            match case {
                Some(k) => d.blocks[k + 1],
                None => d.blocks[0],
            }
        }),
        _ => None,
    };
    if let Some(to) = taken {
        let mut dead: Vec<Block> = f.dfg().inst(t).successors().iter().copied().filter(|&s| s != to).collect();
        dead.dedup();
        if let Some(b) = f.layout().inst_block(t)
            && !dead.is_empty()
            && !may_fold(b, &dead)
        {
            return;
        }
        f.set_branch(t, None, &[to]);
    }
}

/// Drops the blocks of `new_blocks` not in `seen` (their instructions go).
fn drop_unreached(
    f: &mut Function,
    new_blocks: &mut Vec<Block>,
    seen: &rustc_hash::FxHashSet<Block>,
    removed: &mut rustc_hash::FxHashSet<Inst>,
) {
    let dead: Vec<Block> = new_blocks.iter().copied().filter(|b| !seen.contains(b)).collect();
    if dead.is_empty() {
        return;
    }
    new_blocks.retain(|b| seen.contains(b));
    // Entries of live phis from dead blocks go first (fix_phis), but the
    // values the dead blocks define may still be named there: fix them now.
    fix_phis(f, new_blocks, removed);
    for b in dead {
        let insts: Vec<Inst> = f.block_insts(b).collect();
        for i in insts {
            remove_inst(f, i);
            removed.insert(i);
        }
    }
}

/// The phis of `new_blocks` keep one entry per edge that still reaches
/// them, as LLVM's cloner leaves them: entries from blocks no longer in
/// the copy go (the last entry taking the slot of each), then excess
/// entries from a block whose branch no longer goes there as often; a phi
/// left without entries becomes poison.
fn fix_phis(f: &mut Function, new_blocks: &[Block], removed: &mut rustc_hash::FxHashSet<Inst>) {
    let live: rustc_hash::FxHashSet<Block> = new_blocks.iter().copied().collect();
    let mut edges: FxHashMap<(Block, Block), usize> = FxHashMap::default();
    for &p in new_blocks {
        if let Some(t) = f.terminator(p) {
            for &s in f.dfg().inst(t).successors() {
                *edges.entry((p, s)).or_default() += 1;
            }
        }
    }
    let mut repl = Replacements::new();
    for &b in new_blocks {
        let phis: Vec<Inst> = f.phis(b).collect();
        for phi in phis {
            let d = f.dfg().inst(phi);
            let mut entries: Vec<(Value, Block)> = d.args.iter().copied().zip(d.blocks.iter().copied()).collect();
            let n = entries.len();
            let mut k = 0;
            while k < entries.len() {
                if live.contains(&entries[k].1) {
                    k += 1;
                } else {
                    entries.swap_remove(k);
                }
            }
            let mut count: FxHashMap<Block, usize> = FxHashMap::default();
            for &(_, p) in &entries {
                *count.entry(p).or_default() += 1;
            }
            for (p, c) in count {
                let want = edges.get(&(p, b)).copied().unwrap_or(0);
                for _ in want..c {
                    if let Some(k) = entries.iter().position(|&(_, q)| q == p) {
                        entries.swap_remove(k);
                    }
                }
            }
            if entries.len() == n {
                continue;
            }
            if entries.is_empty() {
                let r = f.dfg().inst_result(phi).expect("a phi has a value");
                let ty = f.dfg().value_type(r);
                let poison = f.dfg_mut_preserving_cfg().make_const(Const::poison(ty));
                repl.insert(r, poison);
                remove_inst(f, phi);
                removed.insert(phi);
                continue;
            }
            let (args, blocks): (Vec<Value>, Vec<Block>) = entries.into_iter().unzip();
            f.set_all_operands(phi, &args, &blocks);
        }
    }
    if !repl.is_empty() {
        for &b in new_blocks {
            let insts: Vec<Inst> = f.block_insts(b).collect();
            for i in insts {
                f.map_operands(i, |a| repl.resolve(a));
            }
        }
    }
}

/// Whether the callee's copied code has an alloca that is not static in
/// LLVM's cloner's sense (in the entry block, of a constant size; an
/// `inalloca` one too, though it does not move): one sized by a parameter
/// counts, whatever the call passes (LLVM's cloner asks the callee's
/// instruction). Only the instructions copied (`clones`) count.
fn has_dynamic_alloca(callee: &Function, clones: &[(Inst, Inst)]) -> bool {
    let entry = callee.entry_block();
    clones.iter().any(|&(i, _)| {
        let d = callee.dfg().inst(i);
        matches!(d.kind, InstKind::Alloca { .. })
            && (callee.layout().inst_block(i) != entry
                || d.args.first().is_some_and(|&c| callee.dfg().value_const(c).is_none()))
    })
}

/// LLVM's bracket around an inlined body with dynamic allocas: without it,
/// each time the caller ran the inlined code (in a loop, say) the stack
/// would grow, where each call of the callee gave its stack back on
/// return. `llvm.stacksave` where the inlined body begins (before its
/// lifetime starts), and `llvm.stackrestore` of that before each of its
/// returns (after the lifetime ends), except a return that follows a
/// `musttail` call or a `llvm.experimental.deoptimize` call (the call must
/// stay right before it, and the return gives the frame back anyway). The
/// intrinsics are plain calls, in the address space of allocas: they
/// change no edge and do nothing to convergence.
fn bracket_with_stacksave(m: &mut Module, f: &mut Function, entry_copy: Block, clones: &[(Inst, Inst)]) {
    let space = m.data_layout().alloca_addrspace();
    let ptr_ty = m.types.ptr(space);
    let save = m.declare(&format!("llvm.stacksave.p{space}"), ptr_ty, &[]);
    let restore = m.declare(&format!("llvm.stackrestore.p{space}"), opt_conv_ir::Type::VOID, &[ptr_ty]);
    // Declared anew: the attributes LLVM gives them (only function ones).
    for d in [save, restore] {
        let name = m.func(d).map(|x| x.name.to_string()).unwrap_or_default();
        if let Some(decl) = m.func_mut(d)
            && decl.fn_attrs.is_empty()
            && let Some(attrs) = opt_conv_ir::intrinsics::llvm_function_attr_set(&name)
        {
            decl.fn_attrs = attrs;
        }
    }
    let (save_ty, restore_ty) = (m.func(save).expect("declared").ty, m.func(restore).expect("declared").ty);
    let top = f.layout().first_inst(entry_copy).expect("the callee's entry has a terminator");
    let dfg = f.dfg_mut_preserving_cfg();
    let s = opt_conv_ir::builder::make_call(dfg, save, save_ty, ptr_ty, &[]);
    let saved = dfg.inst_result(s).expect("stacksave has a result");
    dfg.set_value_name(saved, Some("savedstack"));
    f.layout_mut_preserving_cfg().insert_inst_before(s, top);
    let returns: Vec<Inst> = clones
        .iter()
        .map(|&(_, ni)| ni)
        .filter(|&ni| !f.dfg().is_removed(ni) && matches!(f.dfg().inst(ni).kind, InstKind::Ret))
        .collect();
    for ret in returns {
        let before = f.layout().prev_inst(ret).map(|p| f.dfg().inst(p));
        let terminating_call = before.is_some_and(|d| {
            d.call_info().is_some_and(|c| c.tail == TailKind::MustTail)
                || opt_conv_legality::convergence::callee_decl(m, f, d)
                    .is_some_and(|c| c.name.starts_with("llvm.experimental.deoptimize"))
        });
        if terminating_call {
            continue;
        }
        let loc = f.dfg().inst_md(ret, "dbg");
        let dfg = f.dfg_mut_preserving_cfg();
        let r = opt_conv_ir::builder::make_call(dfg, restore, restore_ty, opt_conv_ir::Type::VOID, &[saved]);
        if loc.is_some() {
            dfg.set_inst_md(r, "dbg", loc);
        }
        f.layout_mut_preserving_cfg().insert_inst_before(r, ret);
    }
}

/// Whether a scalable vector is anywhere in `t` (its size is a multiple
/// of one known only at run time).
fn has_scalable(m: &Module, t: opt_conv_ir::Type) -> bool {
    use opt_conv_ir::types::TypeData;
    let mut work = vec![t];
    while let Some(t) = work.pop() {
        match m.types.get(t) {
            TypeData::Vector { scalable: true, .. } => return true,
            TypeData::Vector { elem, .. } | TypeData::Array { elem, .. } => work.push(*elem),
            TypeData::Struct { fields, .. } => work.extend(fields.iter().copied()),
            TypeData::Named { body: Some(b), .. } => work.extend(b.iter().copied()),
            _ => {}
        }
    }
    false
}

/// Whether `i` (a copy from the callee's entry) is an alloca of constant
/// size, `alloca T` or `alloca T, i32 4` (a size given by a parameter is a
/// constant once the call's argument replaced it): one allocation per call
/// of the caller, wherever the call is.
/// An `inalloca` alloca is never static (LLVM's `isStaticAlloca`): it
/// makes the memory of a call's arguments at the top of the stack, so it
/// stays right before its call.
fn is_static_alloca(f: &Function, i: Inst) -> bool {
    let d = f.dfg().inst(i);
    matches!(d.kind, InstKind::Alloca { inalloca: false, .. })
        && d.args.first().is_none_or(|&c| f.dfg().value_const(c).is_some())
}

/// Moves `allocas` (in order) to the top of the caller's entry block, above
/// whatever else is there. Some of them may be in the entry already, even
/// at its top (a call that began the entry block was replaced in place):
/// the anchor is the first instruction that does not move.
fn move_to_entry_top(f: &mut Function, allocas: &[Inst]) {
    let entry = f.entry_block().expect("caller has an entry");
    let anchor = f.block_insts(entry).find(|i| !allocas.contains(i)).expect("entry has a terminator");
    let layout = f.layout_mut_preserving_cfg();
    for &a in allocas {
        layout.remove_inst(a);
        layout.insert_inst_before(a, anchor);
    }
}

/// The caller value for callee value `a`.
fn map_value(
    f: &mut Function,
    cdfg: &opt_conv_ir::DataFlowGraph,
    vmap: &mut SecondaryMap<Value, Option<Value>>,
    a: Value,
) -> Value {
    if let Some(v) = vmap[a] {
        return v;
    }
    let ty = cdfg.value_type(a);
    let v = match &cdfg.value(a).def {
        ValueDef::Const(c) => f.dfg_mut().make_const((**c).clone()),
        ValueDef::Asm(asm) => f.dfg_mut().make_value(ty, ValueDef::Asm(asm.clone())),
        ValueDef::Md(md) => {
            let arg = match &**md {
                MdArg::Local(l) => MdArg::Local(vmap[*l].unwrap_or(*l)),
                other => other.clone(),
            };
            f.dfg_mut().make_value(ty, ValueDef::Md(Box::new(arg)))
        }
        // Parameters and results are mapped before operands are.
        ValueDef::Param(_) | ValueDef::Inst(_) | ValueDef::Placeholder => {
            f.dfg_mut().make_value(ty, ValueDef::Placeholder)
        }
    };
    vmap[a] = Some(v);
    v
}

/// The copies of the callee's entry allocas that nothing uses are deleted,
/// as LLVM's inliner deletes them (often left so by folding the call's
/// arguments). Other copies nothing uses stay, as in LLVM: its cloner
/// deletes only what it simplified (see [`prune_copy`]).
fn delete_dead_clones(m: &Module, f: &mut Function, clones: &[(Inst, Inst)], callee: &Function) {
    let entry = callee.entry_block();
    crate::simplify::delete_dead_among(m, f, |f| {
        clones
            .iter()
            .filter(|&&(orig, _)| {
                matches!(callee.dfg().inst(orig).kind, InstKind::Alloca { .. })
                    && callee.layout().inst_block(orig) == entry
            })
            .map(|&(_, ni)| ni)
            .filter(|&ni| !f.dfg().is_removed(ni) && f.layout().inst_block(ni).is_some())
            .collect()
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Options, Remarks};

    /// Inlines in `text`: the module and the call graph after, and how
    /// many calls were inlined.
    fn inline_counting(text: &str) -> (Module, CallGraph, usize) {
        let (mut m, _) = opt_conv_ir::parse_module("t.ll", text).unwrap_or_else(|e| panic!("{e}"));
        let (mut remarks, mut out, options) = (Remarks::default(), String::new(), Options::default());
        let mut cx = ModuleCx { remarks: &mut remarks, out: &mut out, options: &options };
        let (_, graph) = inline_module(&mut m, &mut cx).unwrap();
        opt_conv_ir::verify_module(&m).unwrap_or_else(|e| panic!("{e:?}"));
        let inlined = remarks.all.iter().filter(|r| matches!(r.kind, RemarkKind::Passed)).count();
        (m, graph, inlined)
    }

    fn inline(text: &str) -> (Module, CallGraph) {
        let (m, graph, _) = inline_counting(text);
        (m, graph)
    }

    /// The missed-inlining remarks of inlining `text`, and the module after.
    fn refusals(text: &str) -> (Module, Vec<String>) {
        let (mut m, _) = opt_conv_ir::parse_module("t.ll", text).unwrap_or_else(|e| panic!("{e}"));
        let (mut remarks, mut out, options) = (Remarks::default(), String::new(), Options::default());
        let mut cx = ModuleCx { remarks: &mut remarks, out: &mut out, options: &options };
        inline_module(&mut m, &mut cx).unwrap();
        opt_conv_ir::verify_module(&m).unwrap_or_else(|e| panic!("{e:?}"));
        let missed = remarks.all.iter().filter(|r| matches!(r.kind, RemarkKind::Missed)).map(|r| r.message.clone());
        (m, missed.collect())
    }

    /// Inlining patches the caller's CFG rather than invalidating it: were
    /// it computed again for every call, a caller with many calls would
    /// take time quadratic in its size.
    #[test]
    fn inlining_keeps_the_callers_cfg_current() {
        // The block of @one's single return joins the code after the call
        // and takes that block's name (renaming must not invalidate the CFG).
        let (mut m, _) = opt_conv_ir::parse_module(
            "t.ll",
            "define internal i32 @one(i1 %c, i32 %x) {\nentry:\n  br i1 %c, label %a, label %b\na:\n  br label %r\n\
             b:\n  br label %r\nr:\n  %y = phi i32 [ %x, %a ], [ 1, %b ]\n  ret i32 %y\n}\n\
             define i32 @caller(i1 %c, i32 %a) {\nentry:\n  %r = call i32 @one(i1 %c, i32 %a)\n  ret i32 %r\n}\n",
        )
        .unwrap();
        let graph = CallGraph::build(&m);
        let (caller, callee) = (m.func_by_name("caller").unwrap(), m.func_by_name("one").unwrap());
        let mut body = m.take_body(caller).unwrap();
        let call = body.block_insts(body.entry_block().unwrap()).next().unwrap();
        body.cfg();
        inline_call(&mut m, &mut body, call, callee, &InlinePlan::Plain, &graph).unwrap();
        assert_eq!(body.dfg().block_name(body.layout().last_block().unwrap()), Some("one.exit"), "renamed");
        assert!(body.has_current::<opt_conv_ir::analysis::Cfg>());
    }

    #[test]
    fn callees_that_cannot_work_in_another_function_are_refused() {
        // Inlined, va_start would start the fixed-argument caller's
        // variable arguments, and the caller would call localescape twice.
        let (m, missed) = refusals(
            "declare void @llvm.va_start.p0(ptr)\n\
             declare void @llvm.va_end.p0(ptr)\n\
             declare void @llvm.localescape(...)\n\
             declare void @use(ptr)\n\
             define internal i32 @va(i32 %n, ...) {\n  %ap = alloca ptr\n  call void @llvm.va_start.p0(ptr %ap)\n  \
             call void @use(ptr %ap)\n  call void @llvm.va_end.p0(ptr %ap)\n  ret i32 %n\n}\n\
             define i32 @call_va() {\n  %r = call i32 (i32, ...) @va(i32 1, i32 2)\n  ret i32 %r\n}\n\
             define internal void @escapes() {\n  %a = alloca i32\n  call void (...) @llvm.localescape(ptr %a)\n  \
             call void @use(ptr %a)\n  ret void\n}\n\
             define void @call_escapes() {\n  %b = alloca i32\n  call void (...) @llvm.localescape(ptr %b)\n  \
             call void @escapes()\n  ret void\n}\n",
        );
        assert_eq!(
            missed,
            [
                "cannot inline @va into @call_va: contains VarArgs initialized with va_start",
                "cannot inline @escapes into @call_escapes: disallowed inlining of @llvm.localescape",
            ]
        );
        assert!(m.func_by_name("va").is_some() && m.func_by_name("escapes").is_some(), "both still called");
    }

    #[test]
    fn byval_of_a_type_without_a_known_size_is_refused() {
        // No copy of a scalable vector can be sized before run time.
        let (m, missed) = refusals(
            "define internal void @scalable(ptr byval(<vscale x 4 x i32>) %p) {\n  \
             store <vscale x 4 x i32> zeroinitializer, ptr %p\n  ret void\n}\n\
             define void @caller(ptr %q) {\n  call void @scalable(ptr byval(<vscale x 4 x i32>) %q)\n  ret void\n}\n",
        );
        assert_eq!(
            missed,
            [
                "cannot inline @scalable into @caller: byval argument 0 has a type whose size is not known, so it cannot be copied"
            ]
        );
        assert!(m.func_by_name("scalable").is_some());
    }

    #[test]
    fn a_byval_variable_argument_is_passed_on_not_copied() {
        // The callee never owned it: the forwarding call copies it itself.
        let (m, missed) = refusals(
            "declare void @sink(i32, ...)\n\
             define internal void @forward(i32 %x, ...) {\n  musttail call void (i32, ...) @sink(i32 %x, ...)\n  \
             ret void\n}\n\
             define void @caller(i32 %a, ptr %p) {\n  \
             call void (i32, ...) @forward(i32 %a, ptr byval(i32) %p)\n  ret void\n}\n",
        );
        assert!(missed.is_empty(), "{missed:?}");
        let text = opt_conv_ir::print_module(&m);
        assert!(text.contains("call void (i32, ...) @sink(i32 %a, ptr byval(i32) %p)"), "{text}");
        assert!(!text.contains("alloca") && !text.contains("memcpy"), "{text}");
    }

    /// Functions in a ring, each calling the next `fan` times, called from
    /// `@start`.
    fn ring(n: usize, fan: usize) -> String {
        let mut text = String::from("@g = global i32 0\n");
        for k in 0..n {
            let calls = format!("  call void @f{}(i32 %y)\n", (k + 1) % n).repeat(fan);
            text += &format!(
                "define internal void @f{k}(i32 %x) {{\nentry:\n  store volatile i32 {k}, ptr @g\n  \
                 %c = icmp sgt i32 %x, 0\n  br i1 %c, label %more, label %done\n\
                 more:\n  %y = sub i32 %x, 1\n{calls}  br label %done\n\
                 done:\n  ret void\n}}\n"
            );
        }
        text + "define void @start(i32 %x) {\n  call void @f0(i32 %x)\n  ret void\n}\n"
    }

    fn instructions(m: &Module) -> usize {
        m.definitions().into_iter().map(|f| m.body(f).unwrap().insts_in_order().count()).sum()
    }

    #[test]
    fn inlining_in_a_cycle_grows_it_evenly_and_within_bounds() {
        // Inlined depth first, the ring of ten functions calling the next
        // one twice would become one function with 2^10 copies; taken as
        // LLVM takes them (a cycle's calls in order, the calls inlining
        // brings in after them), each function first takes in the next,
        // and the calls brought in soon reach functions too costly.
        for (n, fan) in [(10, 2), (12, 3), (200, 1)] {
            let text = ring(n, fan);
            let (before, _) = opt_conv_ir::parse_module("t.ll", &text).unwrap();
            let (m, graph, inlined) = inline_counting(&text);
            assert!(inlined >= n / 2, "ring of {n}, {fan} calls each: {inlined} calls inlined");
            let (a, b) = (instructions(&before), instructions(&m));
            assert!(b <= 10 * a, "ring of {n}, {fan} calls each: {a} instructions became {b}");
            assert!(graph.differs_from(&m).is_none());
        }
    }

    #[test]
    fn call_graph_matches_a_recount_on_generated_modules() {
        // Many small functions (half of them internal) calling each other,
        // and one huge function calling small helpers.
        for (insts, per_func, seed) in [(4_000, 200, 1), (4_000, 200, 2), (6_000, 6_000, 3)] {
            let mut cfg = opt_conv_benches::GenConfig::with_calls(insts, per_func);
            cfg.seed = seed;
            let text = opt_conv_benches::generate(&cfg);
            let (m, graph, inlined) = inline_counting(&text);
            assert!(inlined > 20, "seed {seed}: {inlined} calls inlined");
            if let Some(d) = graph.differs_from(&m) {
                panic!("seed {seed}: call graph differs from a recount:\n{d}");
            }
        }
    }

    #[test]
    fn calls_made_direct_by_inlining_are_call_sites() {
        // Inlining @through makes its call through %f a call of @leaf;
        // inlining @get makes the call through its result one, too; the
        // calls after a call to @stop stay (unreachable, as LLVM leaves
        // them) and still count.
        let (m, graph) = inline(
            "declare void @abort() noreturn\n\
             declare void @ext()\n\
             define void @leaf() noinline {\n  call void @ext()\n  ret void\n}\n\
             define void @through(ptr %f) {\n  call void %f()\n  ret void\n}\n\
             define ptr @get() {\n  ret ptr @leaf\n}\n\
             define void @stop() {\n  call void @abort()\n  unreachable\n}\n\
             define void @main(i1 %c) {\n\
             entry:\n  call void @through(ptr @leaf)\n  %p = call ptr @get()\n  call void %p()\n  \
             br i1 %c, label %a, label %b\n\
             a:\n  call void @stop()\n  call void @leaf()\n  call void @leaf()\n  ret void\n\
             b:\n  ret void\n}\n",
        );
        let f = |n: &str| m.func_by_name(n).unwrap();
        assert_eq!(graph.calls_to(f("leaf")), 4, "the two calls made direct and the two after @stop");
        assert_eq!(graph.calls_to(f("through")) + graph.calls_to(f("get")) + graph.calls_to(f("stop")), 0);
        assert!(graph.differs_from(&m).is_none());
    }

    #[test]
    fn last_call_to_a_local_function_is_counted_as_calls_go() {
        // Both callees cost more than the threshold: @once, local and
        // called once, is inlined for the last-call bonus; @twice, called
        // from two places, is not, and its two calls stay counted.
        let mut body = String::new();
        for k in 0..80 {
            body.push_str(&format!("  %v{} = mul i32 %v{k}, %x\n", k + 1));
        }
        let text = format!(
            "define internal i32 @once(i32 %x) {{\nentry:\n  %v0 = add i32 %x, 1\n{body}  ret i32 %v80\n}}\n\
             define internal i32 @twice(i32 %x) {{\nentry:\n  %v0 = add i32 %x, 1\n{body}  ret i32 %v80\n}}\n\
             define i32 @a(i32 %x) {{\n  %r = call i32 @once(i32 %x)\n  %s = call i32 @twice(i32 %r)\n  ret i32 %s\n}}\n\
             define i32 @b(i32 %x) {{\n  %s = call i32 @twice(i32 %x)\n  ret i32 %s\n}}\n"
        );
        let (m, graph) = inline(&text);
        let f = |n: &str| m.func_by_name(n).unwrap();
        assert!(m.func_by_name("once").is_none(), "the last call to a local function is inlined, and it is deleted");
        assert_eq!(graph.calls_to(f("twice")), 2, "too costly with two calls left");
        assert!(graph.differs_from(&m).is_none());
    }
}
