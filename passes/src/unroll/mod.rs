//! `loop-unroll` (alias `unroll`): LLVM's loop unroller, its decisions and
//! controls, with convergence decided by the legality oracle.
//!
//! Decisions follow LLVM 22's `computeUnrollCount` for what counted loops
//! need: `llvm.loop.unroll.{disable,count,full,enable,runtime.disable}`
//! metadata; `-unroll-count`, `-unroll-runtime`, `-unroll-allow-partial`,
//! `-unroll-threshold`, `-unroll-partial-threshold`, `-unroll-allow-remainder`
//! (given, each overrides the target's default); the pass parameters `loop-unroll<O0..O3;partial;
//! no-partial;runtime;no-runtime>`; target defaults (threshold 150, or 300 at
//! O3 and on AMDGPU; partial unrolling on AMDGPU and NVPTX; runtime on
//! NVPTX); full unrolling when `(size - 2) * trip + 2` fits the threshold,
//! or when simulating the iterations ([`analyze`], up to
//! `-unroll-max-iteration-count-to-analyze`) shows the unrolled code fits
//! the threshold boosted by what folds away (at most
//! `-unroll-max-percent-threshold-boost` percent); a count reaching the
//! maximum trip count (from the width of the exit test) unrolls completely,
//! each copy but the last keeping its exit test;
//! partial counts limited by the partial threshold (150) and reduced to
//! divide the trip count; runtime counts starting at 8.
//! A constant trip count that the count does not divide gets no remainder
//! loop (as in LLVM 22): the copy that runs the last iteration keeps its exit
//! test, the others none ([`transform::Shape::ConstantExit`]).
//! The runtime remainder goes after the unrolled loop, or before it with
//! `-unroll-runtime-epilog=false` or, without that option, when no header
//! phi starts from an integer constant, as LLVM picks (before only for loops
//! whose latch is their only exit: others are then not runtime-unrolled).
//!
//! Convergence (`ConvergentOperations.rst`, "Loop unrolling examples"), per
//! loop kind, through the oracle: no convergent operations, or tokens
//! defined and used inside (anchors): every way, each copy its own anchor;
//! a heart: fully or without remainder, never duplicating the heart, and
//! with a remainder only when the trip count is uniform (as LLVM main now
//! allows); an extended loop: not at all; uncontrolled operations: no
//! remainder. A request the oracle narrows (a count that would need a
//! remainder) is reduced to a count dividing the trip multiple, as LLVM
//! does, and said in a missed remark naming the rule.
//!
//! `loop-unroll-full` is LLVM's `LoopFullUnrollPass`: the same decisions
//! with partial and runtime unrolling off, keeping only complete unrolling.
//!
//! Loops are first brought to the shape unrolling needs
//! ([`crate::loops::normalize`]); bottom-tested counted loops with a single
//! exit are unrolled ([`transform`]), and so are loops whose header tests
//! for the exit (the latch branching back, unconditionally or testing a
//! side exit nothing counts), every copy keeping its other exits and its
//! header's test only where the trip count allows it to leave
//! ([`transform::unroll_header_exit`]); those are left alone when they
//! hold a convergent operation (the legality rules do not cover that shape
//! yet), and get no remainder loop (a count asked for is then taken with
//! every copy keeping its test, as in LLVM).
//!
//! After unrolling, as LLVM's `simplifyLoopAfterUnroll`: the copies are
//! simplified in order ([`crate::simplify::simplify_unrolled_blocks`]:
//! folds, regrouping, `add (add x, c2), c1` to `add x, c1 + c2`) and what is
//! dead is deleted; then the loop around the unrolled one, if any, moves
//! what its exiting blocks compute first and may run before it to its
//! preheader, as LLVM's loop simplification does
//! ([`normalize::hoist_from_exiting_blocks`]). Neither moves a call.

pub mod analyze;
pub mod ivs;
mod target;
pub mod transform;

use crate::loops::trip::{Counted, TripCount, counted, counted_at, max_trip_count, trip_count};
use crate::loops::{Loop, LoopForest, normalize};
use crate::module_edits::{Declaration, ModuleEdits};
use crate::pass::{FunctionCx, FunctionPass, PassError};
use crate::registry::split_params;
use crate::remarks::block_label;
use crate::remarks::{Remark, RemarkKind};
use opt_conv_ir::analysis::FunctionAnalyses;
use opt_conv_ir::target::GpuFamily;
use opt_conv_ir::{Block, Changes, Function, InstKind, Module, Type};
use opt_conv_legality::oracle::{
    Obligation, Oracle, OracleAnalyses, Query, Refusal, UnrollKind, Verdict, unroll_verdict_from_blocks,
};
use transform::Shape;

/// The pass, with the parameters given in the pipeline.
pub struct Unroll {
    /// `O0`..`O3`.
    pub opt_level: u32,
    /// `partial` / `no-partial`.
    pub partial: Option<bool>,
    /// `runtime` / `no-runtime`.
    pub runtime: Option<bool>,
    /// `loop-unroll-full` (LLVM's `LoopFullUnrollPass`): complete unrolling
    /// only, never partial or runtime.
    pub full_only: bool,
}

impl Unroll {
    /// Parses `loop-unroll<...>` parameters.
    pub fn from_params(params: Option<&str>) -> Result<Unroll, String> {
        let mut u = Unroll { opt_level: 2, partial: None, runtime: None, full_only: false };
        for (k, v) in split_params(params) {
            match (k, v) {
                ("O0", None) => u.opt_level = 0,
                ("O1", None) => u.opt_level = 1,
                ("O2", None) => u.opt_level = 2,
                ("O3", None) => u.opt_level = 3,
                ("partial", None) => u.partial = Some(true),
                ("no-partial", None) => u.partial = Some(false),
                ("runtime", None) => u.runtime = Some(true),
                ("no-runtime", None) => u.runtime = Some(false),
                _ => return Err(format!("invalid LoopUnrollPass parameter '{k}'")),
            }
        }
        Ok(u)
    }

    /// `loop-unroll-full`: as LLVM's `LoopFullUnrollPass` (at `O2`), which
    /// runs the unroller with partial and runtime unrolling off and keeps
    /// only a complete unrolling. One difference: LLVM also keeps an
    /// unrolling by `-unroll-count` of a loop whose trip count (and maximum)
    /// is unknown, each copy testing the exit; this one does not.
    pub fn full_only() -> Unroll {
        Unroll { opt_level: 2, partial: Some(false), runtime: Some(false), full_only: true }
    }
}

/// The knobs `computeUnrollCount` uses.
#[derive(Clone, Debug)]
struct Params {
    threshold: u64,
    partial_threshold: u64,
    partial: bool,
    runtime: bool,
    /// `-unroll-allow-remainder` (the oracle may forbid a remainder too).
    allow_remainder: bool,
    count: Option<u32>,
    full_only: bool,
    /// `-unroll-max-iteration-count-to-analyze`.
    max_iterations_to_analyze: u64,
    /// `-unroll-max-percent-threshold-boost`.
    max_boost: u64,
    /// `-unroll-runtime-epilog`: where a runtime remainder goes.
    runtime_epilog: Option<bool>,
    /// `-unroll-add-parallel-reductions`.
    parallel_reductions: bool,
    /// What a backedge costs in the loop's size (LLVM's `BEInsns`).
    be_insns: u64,
    /// The target, whose preferences may depend on the loop ([`target`]).
    target: Option<GpuFamily>,
    /// `O0`: no threshold, whatever the target prefers.
    o0: bool,
    /// Values given on the command line or as the pass's parameters,
    /// which override the target's preferences for every loop.
    given: Given,
}

/// The values given that override the target's per-loop preferences.
#[derive(Clone, Debug, Default)]
struct Given {
    threshold: Option<u64>,
    partial_threshold: Option<u64>,
    runtime: Option<bool>,
    max_iterations_to_analyze: Option<u64>,
}

impl Params {
    /// The parameters for loop `l`: the target's preferences for it (for
    /// AMDGPU, see [`target`]), then what was given. Remarks say what the
    /// target changed.
    fn for_loop(
        &self,
        m: &Module,
        edits: &ModuleEdits,
        fid: opt_conv_ir::FuncId,
        f: &Function,
        l: &Loop,
    ) -> (Params, Vec<String>) {
        let mut p = self.clone();
        let mut why = Vec::new();
        if p.target == Some(GpuFamily::Amdgpu) {
            let mut prefs = target::Prefs {
                threshold: p.threshold,
                partial_threshold: p.partial_threshold,
                runtime: p.runtime,
                be_insns: p.be_insns,
                max_iterations_to_analyze: p.max_iterations_to_analyze,
            };
            why = target::amdgpu(m, edits, fid, f, l, &mut prefs);
            p.threshold = prefs.threshold;
            p.partial_threshold = prefs.partial_threshold;
            p.runtime = prefs.runtime;
            p.be_insns = prefs.be_insns;
            p.max_iterations_to_analyze = prefs.max_iterations_to_analyze;
        }
        if p.o0 {
            p.threshold = 0;
        }
        let g = &self.given;
        if let Some(t) = g.threshold {
            p.threshold = t;
        }
        if let Some(t) = g.partial_threshold {
            p.partial_threshold = t;
        }
        if let Some(x) = g.runtime {
            p.runtime = x;
        }
        if let Some(n) = g.max_iterations_to_analyze {
            p.max_iterations_to_analyze = n;
        }
        // Say only what stays in effect.
        why.retain(|(pref, _)| match pref {
            target::Pref::Threshold => g.threshold.is_none(),
            target::Pref::Runtime => g.runtime.is_none(),
            target::Pref::Iterations => g.max_iterations_to_analyze.is_none(),
        });
        (p, why.into_iter().map(|(_, w)| w).collect())
    }
}

/// LLVM's default `BEInsns`.
const BE_INSNS: u64 = 2;
const DEFAULT_RUNTIME_COUNT: u32 = 8;
const MAX_FULL_TRIP: u64 = 1 << 16;
/// LLVM's `-unroll-max-upperbound`: runtime unrolling leaves alone loops
/// whose maximum trip count is below it, unless a count is asked for.
const MAX_UPPER_BOUND: u64 = 8;

impl FunctionPass for Unroll {
    fn name(&self) -> &'static str {
        if self.full_only { "loop-unroll-full" } else { "loop-unroll" }
    }
    fn class_name(&self) -> &'static str {
        if self.full_only { "LoopFullUnrollPass" } else { "LoopUnrollPass" }
    }
    fn declarations(&self, m: &Module) -> Vec<Declaration> {
        // The remainder's `llvm.assume`, and the trip count's max for each
        // integer type a loop may count in.
        let mut out = vec![Declaration { name: "llvm.assume".into(), ret: Type::VOID, params: vec![Type::I1] }];
        for t in m.types.all().filter(|&t| m.types.is_int(t)) {
            for base in ["smax", "umax"] {
                out.push(Declaration {
                    name: format!("llvm.{base}.{}", m.types.display(t)),
                    ret: t,
                    params: vec![t, t],
                });
            }
        }
        out
    }
    fn run(&self, f: &mut Function, cx: &mut FunctionCx<'_>) -> Result<Changes, PassError> {
        let name = cx.func_name();
        let params = self.params(cx.module, cx);
        let mut changed = Changes::NONE;
        // As LLVM's unroller: every loop in simplified and LCSSA form first.
        if normalize::normalize_all(cx.module, f) {
            changed = Changes::ALL;
        }
        // The loops present now, innermost first (loops the pass creates,
        // such as remainders, are not revisited). After a loop was
        // transformed, each later loop is computed again alone, and the
        // oracle's analyses are recomputed when a loop needs them.
        // Refusals name blocks as printed only if a remark can show them
        // (the printer's numbering is linear in the function).
        let explain = cx.remarks.wants("loop-unroll")
            || tracing::enabled!(target: "opt_conv::loop-unroll", tracing::Level::DEBUG);
        let forest = LoopForest::compute(f);
        let headers: Vec<Block> = forest.loops().iter().map(|l| l.header).collect();
        let mut analyses: Option<OracleAnalyses> = None;
        let mut lcssa_uses = opt_conv_ir::analysis::Uses::default();
        // Uses follow the edits: LCSSA and the clean-up after each loop
        // ask who uses a value, which is otherwise a scan of the function.
        f.track_uses();
        for h in headers {
            let Some(l) = forest.current(f, h) else { continue };
            let parent =
                forest.loops().iter().find(|p| p.depth + 1 == l.depth && p.contains(l.header)).map(|p| p.header);
            let outcome =
                unroll_loop(cx.module, cx.edits, &mut lcssa_uses, cx.func, f, l, &params, &mut analyses, explain);
            if outcome.changed != Changes::NONE {
                analyses = None;
                // As LLVM: the loop around the one unrolled is simplified
                // again, which may now hoist from its exiting blocks what
                // the copies made invariant.
                if let Some(p) = parent.and_then(|ph| forest.current(f, ph)) {
                    normalize::hoist_from_exiting_blocks(cx.module, f, &p);
                }
            }
            for (kind, message) in outcome.remarks {
                cx.remarks.emit(Remark {
                    kind,
                    pass: "loop-unroll",
                    function: name.clone(),
                    block: Some(outcome.block.clone()),
                    message,
                });
            }
            changed = changed.union(outcome.changed);
        }
        f.untrack_uses();
        Ok(changed)
    }
}

impl Unroll {
    fn params(&self, m: &Module, cx: &FunctionCx<'_>) -> Params {
        let target = match cx.options.triple.as_deref() {
            Some(t) => GpuFamily::of_triple(t),
            None => GpuFamily::of_module(m),
        };
        let mut p = Params {
            threshold: if self.opt_level > 2 { 300 } else { 150 },
            partial_threshold: 150,
            partial: false,
            runtime: false,
            allow_remainder: cx.options.unroll.allow_remainder.unwrap_or(true),
            count: cx.options.unroll.count,
            full_only: self.full_only,
            max_iterations_to_analyze: 10,
            max_boost: u64::from(cx.options.unroll.max_percent_threshold_boost.unwrap_or(400)),
            runtime_epilog: cx.options.unroll.runtime_epilog,
            parallel_reductions: cx.options.unroll.add_parallel_reductions.unwrap_or(false),
            be_insns: BE_INSNS,
            target,
            o0: self.opt_level == 0,
            given: Given::default(),
        };
        match target {
            Some(GpuFamily::Amdgpu) => {
                // The rest is the loop's (`Params::for_loop`).
                p.threshold = 300;
                p.partial = true;
            }
            Some(GpuFamily::Nvptx) => {
                p.partial = true;
                p.runtime = true;
                p.partial_threshold = p.threshold / 4;
            }
            None => {}
        }
        // As LLVM's gatherUnrollingPreferences: options given on the
        // command line override the target's values, the pass's
        // parameters override both. Those the target may set per loop are
        // applied for each loop (`Params::for_loop`).
        let o = &cx.options.unroll;
        p.given = Given {
            threshold: o.threshold.map(u64::from),
            partial_threshold: o.partial_threshold.map(u64::from),
            runtime: self.runtime.or(o.runtime),
            max_iterations_to_analyze: o.max_iterations_to_analyze.map(u64::from),
        };
        if let Some(x) = o.allow_partial {
            p.partial = x;
        }
        if let Some(x) = self.partial {
            p.partial = x;
        }
        p
    }
}

/// What happened to one loop.
struct Outcome {
    changed: Changes,
    block: String,
    remarks: Vec<(RemarkKind, String)>,
}

/// The unroll pragmas of a loop (its latch's `!llvm.loop`).
#[derive(Default, Debug)]
struct Pragmas {
    disable: bool,
    full: bool,
    enable: bool,
    count: Option<u32>,
    runtime_disable: bool,
}

fn pragmas(m: &Module, edits: &ModuleEdits, f: &Function, l: &Loop) -> Pragmas {
    let mut p = Pragmas::default();
    for &latch in &l.latches {
        let Some(t) = f.terminator(latch) else { continue };
        let Some(id) = f.dfg().inst_md(t, "llvm.loop") else { continue };
        for (name, rest) in edits.loop_properties(m, id) {
            match name {
                "llvm.loop.unroll.disable" => p.disable = true,
                "llvm.loop.unroll.full" => p.full = true,
                "llvm.loop.unroll.enable" => p.enable = true,
                "llvm.loop.unroll.runtime.disable" => p.runtime_disable = true,
                "llvm.loop.unroll.count" => {
                    p.count = rest.first().and_then(|op| match op {
                        opt_conv_ir::metadata::MdOperand::Const(c) => c.as_int().map(|v| v as u32),
                        _ => None,
                    })
                }
                _ => {}
            }
        }
    }
    p
}

/// The cost of one instruction in the loop's size (LLVM's code-size cost,
/// roughly: 1 for everything but phis and free intrinsics).
fn inst_cost(m: &Module, f: &Function, i: opt_conv_ir::Inst) -> u64 {
    let d = f.dfg().inst(i);
    let free = match &d.kind {
        InstKind::Phi { .. } => true,
        InstKind::Call(_) => opt_conv_legality::convergence::callee_decl(m, f, d).is_some_and(|c| {
            c.name.starts_with("llvm.experimental.convergence.")
                || c.name.starts_with("llvm.lifetime.")
                || &*c.name == "llvm.assume"
        }),
        _ => false,
    };
    u64::from(!free)
}

/// What a call costs in the loop's size beyond [`inst_cost`]: as LLVM's
/// code-size cost, a call that stays a call (not to an intrinsic, nor to
/// one of the math functions that become one instruction) costs one more
/// for each argument it passes.
fn call_size_extra(m: &Module, f: &Function, i: opt_conv_ir::Inst) -> u64 {
    let d = f.dfg().inst(i);
    if !matches!(d.kind, InstKind::Call(_)) {
        return 0;
    }
    let lowered_to_call = match opt_conv_legality::convergence::callee_decl(m, f, d) {
        Some(c) => !c.name.starts_with("llvm.") && !single_instruction_libcall(&c.name),
        None => true,
    };
    if lowered_to_call { d.call_args().len() as u64 } else { 0 }
}

/// Math library functions the code generator turns into one instruction
/// (so LLVM's cost model does not count them as calls).
fn single_instruction_libcall(name: &str) -> bool {
    let base = ["copysign", "fabs", "fmin", "fmax", "sin", "cos", "sqrt", "exp", "exp2", "log", "log2", "log10"];
    let stem = name.strip_suffix(['f', 'l']).filter(|s| base.contains(s)).unwrap_or(name);
    base.contains(&stem)
}

/// Instructions that count toward the loop's size ([`inst_cost`], and
/// the arguments of calls, [`call_size_extra`]).
/// On AMDGPU, the target's costs where they differ
/// ([`target::amdgpu_size_cost`]).
fn loop_size(m: &Module, f: &Function, l: &Loop, p: &Params) -> u64 {
    let cost = |i| {
        let generic = inst_cost(m, f, i) + call_size_extra(m, f, i);
        match p.target {
            Some(GpuFamily::Amdgpu) => target::amdgpu_size_cost(m, f, i, generic),
            _ => generic,
        }
    };
    let n: u64 = l.blocks.iter().flat_map(|&b| f.block_insts(b)).map(cost).sum();
    n.max(p.be_insns + 1)
}

/// The decision for one loop.
#[derive(Debug, PartialEq, Eq)]
enum Decision {
    None,
    Do(u32, Shape),
}

#[expect(clippy::too_many_arguments, reason = "the pass's state, passed once")]
fn unroll_loop(
    m: &Module,
    edits: &mut ModuleEdits,
    uses: &mut opt_conv_ir::analysis::Uses,
    fid: opt_conv_ir::FuncId,
    f: &mut Function,
    l: Loop,
    p: &Params,
    analyses: &mut Option<OracleAnalyses>,
    explain: bool,
) -> Outcome {
    let block = block_label(f, l.header).trim_start_matches('%').to_owned();
    let mut out = Outcome { changed: Changes::NONE, block, remarks: Vec::new() };
    let prag = pragmas(m, edits, f, &l);
    if prag.disable {
        return out;
    }
    let requested = prag.count.or(p.count).filter(|&n| n > 1);
    let asked = requested.is_some() || prag.full || prag.enable;
    // Shape the loop (already done for loops present when the pass
    // started; an inner loop's unrolling can undo it for its parent).
    let header = l.header;
    let first = l.clone();
    let reload = |f: &Function| first.recompute(f);
    let mut l = l;
    if l.preheader.is_none() {
        if let Err(e) = normalize::ensure_preheader(m, f, &l) {
            if asked {
                out.remarks.push((RemarkKind::Missed, format!("not unrolled: {e}")));
            }
            return out;
        }
        out.changed = Changes::ALL;
        let Some(x) = reload(f) else { return out };
        l = x;
    }
    type Normalize = fn(&mut Function, &Loop) -> Result<bool, String>;
    for step in [normalize::ensure_single_latch as Normalize, normalize::ensure_dedicated_exits] {
        match step(f, &l) {
            Err(e) => {
                if asked {
                    out.remarks.push((RemarkKind::Missed, format!("not unrolled: {e}")));
                }
                return out;
            }
            Ok(true) => {
                out.changed = Changes::ALL;
                let Some(x) = reload(f) else { return out };
                l = x;
            }
            Ok(false) => {}
        }
    }
    if out.changed != Changes::NONE {
        *analyses = None;
    }
    // The target's preferences for this loop, as it is now.
    let (p, target_why) = p.for_loop(m, edits, fid, f, &l);
    let p = &p;
    // The oracle's verdicts, on the loop as it is: from the loop's own
    // instructions when they decide (no convergent operation, or only
    // uncontrolled ones), else from its analyses of the whole function,
    // which are built only then (building them for every loop after each
    // transformed one made the pass quadratic in the number of loops).
    let local = |f: &Function, kind| unroll_verdict_from_blocks(m, f, &l.blocks, l.header, explain, kind);
    let oracle = local(f, UnrollKind::Full).is_none().then(|| {
        match analyses.clone() {
            Some(a) => Oracle::with_analyses(m, fid, f, a),
            None => {
                let o = Oracle::new(m, fid, f);
                *analyses = Some(o.analyses());
                o
            }
        }
        .explaining(explain)
    });
    // The oracle's cycle ids are those of the function as it is now (the
    // forest's loop, found without them, keeps the snapshot's id).
    let cycle = match &oracle {
        Some(_) => f.cycles().cycle_of(header).filter(|&c| f.cycles().header(c) == header).unwrap_or(l.cycle),
        None => l.cycle,
    };
    let verdict = |kind: UnrollKind| match &oracle {
        Some(o) => o.ask(f, &Query::Unroll { cycle, kind }),
        None => local(f, kind).expect("decided by the loop's instructions"),
    };
    if let Verdict::Refused(r) = verdict(UnrollKind::Full) {
        out.remarks.push((RemarkKind::Missed, format!("not unrolled: {r}")));
        return out;
    }
    // A loop whose counted exit test is in its header (the latch branching
    // back unconditionally, or testing a side exit nothing counts) is
    // unrolled as LLVM unrolls it, every copy keeping its other exits
    // (`transform::unroll_header_exit`): only when nothing in it is
    // convergent, the oracle having no rule for that shape yet.
    let header_exit = (transform::latch_exit(f, &l).is_none() || counted(m, f, &l).is_none())
        .then(|| header_counted(m, f, &l))
        .flatten();
    if header_exit.is_none() && transform::latch_exit(f, &l).is_none() {
        if asked {
            out.remarks.push((
                RemarkKind::Missed,
                "not unrolled: only loops whose latch tests for the exit are unrolled".into(),
            ));
        }
        return out;
    }
    let c = header_exit.clone().or_else(|| counted(m, f, &l));
    let tc = match c.as_ref() {
        Some(c) => trip_count(m, f, &l, c),
        // A latch that always leaves: the body runs once.
        None if header_exit.is_none() && latch_always_exits(f, &l) => TripCount::Constant(1),
        None => TripCount::Unknown,
    };
    // The oracle decides whether a run-time trip count is uniform for the
    // loop's threads; a constant count needs no such relaxation (full
    // unrolling or an exact count is available, and LLVM 22 never takes a
    // remainder for such loops).
    let trip_count_of = match tc {
        TripCount::Symbolic { .. } => c.as_ref().map(|c| (c.start, c.limit)),
        _ => None,
    };
    let frozen = !transform::exit_test_always_reached(m, f, &l);
    let remainder = verdict(UnrollKind::Runtime { trip_count_of, frozen });
    let keep_exits = verdict(UnrollKind::KeepExits);
    let heart = match verdict(UnrollKind::PartialNoRemainder) {
        Verdict::Legal(obl) => obl.iter().find_map(|o| match o {
            Obligation::KeepHeart(h) => Some(*h),
            _ => None,
        }),
        Verdict::Refused(_) => None,
    };
    let size = loop_size(m, f, &l, p);
    for why in target_why {
        out.remarks.push((RemarkKind::Analysis, format!("target preference: {why}")));
    }
    // What the decision rests on, for -pass-remarks-analysis.
    out.remarks.push((
        RemarkKind::Analysis,
        format!(
            "{}; size {size}; {}",
            match &tc {
                TripCount::Constant(n) => format!("trip count {n}"),
                TripCount::Symbolic { multiple, .. } if *multiple > 1 => {
                    format!("run-time trip count, a multiple of {multiple}")
                }
                TripCount::Symbolic { .. } => "run-time trip count".to_owned(),
                TripCount::Unknown => "trip count not computable".to_owned(),
            },
            match (heart.is_some(), remainder.is_legal()) {
                (true, true) => "a loop heart; a remainder loop is allowed",
                (true, false) => "a loop heart; no remainder loop is allowed",
                (false, true) => "no loop heart",
                (false, false) => "no loop heart; no remainder loop is allowed",
            }
        ),
    ));
    // As LLVM: `-unroll-count` (unlike a pragma's count) is taken only when
    // the unrolled loop stays under the threshold; otherwise the usual
    // heuristics decide. Without this, unrolling nested loops multiplies
    // the code by the count at every level.
    let requested = match (prag.count.filter(|&n| n > 1), requested) {
        (None, Some(n)) if unrolled_size(size, n, p.be_insns) >= p.threshold => {
            out.remarks.push((
                RemarkKind::Analysis,
                format!(
                    "unroll count {n} not used: the unrolled size {} is not below the threshold {}",
                    unrolled_size(size, n, p.be_insns),
                    p.threshold
                ),
            ));
            None
        }
        _ => requested,
    };
    // A constant trip count too large for the threshold by size alone may
    // still be worth unrolling completely when simulating the iterations
    // shows most of the body folds away (LLVM's analyzeLoopUnrollCost).
    let full_by_analysis = match tc {
        TripCount::Constant(t)
            if header_exit.is_none()
                && t <= MAX_FULL_TRIP
                && unrolled_size(size, t as u32, p.be_insns) >= p.threshold =>
        {
            let live = analyze::live_out(f, &l);
            let max = p.threshold * p.max_boost / 100;
            let e = analyze::estimate(
                m,
                f,
                &l,
                &live,
                t,
                max,
                p.max_iterations_to_analyze,
                p.target == Some(GpuFamily::Amdgpu),
            );
            if let Some(e) = &e
                && e.unrolled >= p.threshold * analyze::boost(e, p.max_boost) / 100
            {
                out.remarks.push((
                    RemarkKind::Analysis,
                    format!(
                        "the simulated iterations cost {} unrolled against {} rolled: not below the threshold {} grown by {}%",
                        e.unrolled,
                        e.rolled_dynamic,
                        p.threshold,
                        analyze::boost(e, p.max_boost)
                    ),
                ));
            }
            e.filter(|e| e.unrolled < p.threshold * analyze::boost(e, p.max_boost) / 100)
        }
        _ => None,
    };
    if let Some(e) = full_by_analysis {
        out.remarks.push((
            RemarkKind::Analysis,
            format!(
                "simulating the iterations: {} unrolled against {} rolled; the threshold grows by {}%",
                e.unrolled,
                e.rolled_dynamic,
                analyze::boost(&e, p.max_boost)
            ),
        ));
    }
    // Unrolling up to the maximum trip count keeps every copy's exit test;
    // a heart is never unrolled that way here.
    let max_trip = c.as_ref().filter(|_| header_exit.is_none()).and_then(|c| max_trip_count(f, &l, c, &tc));
    let upper = max_trip.map(|mx| (mx, keep_exits.is_legal() && heart.is_none()));
    let (decision, note) = decide(
        &tc,
        p,
        &prag,
        requested,
        (remainder.refusal(), keep_exits.refusal()),
        size,
        upper,
        full_by_analysis.is_some(),
    );
    if let Some(note) = note {
        out.remarks.push((RemarkKind::Missed, note));
    }
    let Decision::Do(count, mut shape) = decision else { return out };
    if header_exit.is_some()
        && !matches!(shape, Shape::Full | Shape::NoRemainder | Shape::ConstantExit | Shape::KeepExits)
    {
        // As LLVM: no remainder loop is made for a loop leaving from its
        // header; a count given on the command line is then taken with
        // every copy keeping its exit test.
        if shape == Shape::Runtime && requested == Some(count) && keep_exits.is_legal() {
            shape = Shape::KeepExits;
        } else {
            out.remarks.push((
                RemarkKind::Missed,
                "not unrolled: no remainder loop is made for a loop whose header tests for the exit".into(),
            ));
            return out;
        }
    }
    if p.full_only && !matches!(shape, Shape::Full | Shape::UpperBound) {
        // LLVM's LoopFullUnrollPass drops such a decision the same way.
        if asked {
            out.remarks.push((
                RemarkKind::Missed,
                format!("not unrolled: loop-unroll-full unrolls only completely, not by a factor of {count}"),
            ));
        }
        return out;
    }
    if shape == Shape::Runtime
        && let Err(why) = runtime_side_exits_ok(m, f, &l)
    {
        // As LLVM: the count assumed a remainder could be generated.
        out.remarks.push((RemarkKind::Missed, format!("not unrolled: no remainder loop can be generated: {why}")));
        return out;
    }
    // As LLVM: the remainder is counted in the trip count's own width, so
    // a count needing more bits than it has would make the unrolled loop's
    // group counter wrap (`niter + 8` is `niter` in `i2`) and never leave.
    if shape == Shape::Runtime
        && let Some(c) = &c
        && count.ilog2() > c.bits
    {
        out.remarks.push((
            RemarkKind::Missed,
            format!("not unrolled: a count of {count} does not fit the {}-bit trip count", c.bits),
        ));
        return out;
    }
    // A remainder before the unrolled loop (`-unroll-runtime-epilog=false`):
    // the same remainder, run first, so the same verdict allows it (see
    // `legality/RULES.md`, heart-remainder). Made here for loops whose
    // latch is their only exit.
    // Without the option, as LLVM: after, where a header phi starts from
    // an integer constant (the unrolled copies can then fold it), else
    // before.
    let epilog = p.runtime_epilog.unwrap_or_else(|| starts_from_constant(f, &l));
    let prologue = shape == Shape::Runtime && !epilog;
    if prologue && l.exiting.len() > 1 {
        let why = if p.runtime_epilog.is_some() {
            "-unroll-runtime-epilog=false"
        } else {
            "no header phi starts from a constant"
        };
        out.remarks.push((
            RemarkKind::Missed,
            format!(
                "not unrolled: a remainder before the unrolled loop ({why}) is made only for loops whose latch is \
                 their only exit, and this one has {} exiting blocks",
                l.exiting.len()
            ),
        ));
        return out;
    }
    drop(oracle);
    out.changed = Changes::ALL;
    // LCSSA asks only for the users of the loop's values: taken from the
    // tracked uses, not from a scan of the whole function per loop.
    // The lists are the pass's, emptied again after each loop: new ones
    // would be as large as the function for each loop.
    let defs: Vec<opt_conv_ir::Value> =
        l.blocks.iter().flat_map(|&b| f.block_insts(b)).filter_map(|i| f.dfg().inst_result(i)).collect();
    for &v in &defs {
        for u in f.users_of(v) {
            uses.add_user(v, u);
        }
    }
    let first_new_value = f.dfg().num_values();
    let lcssa = normalize::form_lcssa(&m.types, f, &l, uses);
    let new_values = (first_new_value..f.dfg().num_values()).map(<opt_conv_ir::Value as opt_conv_ir::EntityRef>::new);
    for v in defs.into_iter().chain(new_values) {
        for u in uses.users(v).to_vec() {
            uses.remove_user(v, u);
        }
    }
    if let Err(e) = lcssa {
        out.remarks.push((RemarkKind::Missed, format!("not unrolled: {e}")));
        return out;
    }
    let Some(l) = reload(f) else { return out };
    // As LLVM: a count given (by pragma or `-unroll-count`, even one the
    // size made it set aside) marks the unrolled loop as done.
    let explicit = prag.count.is_some_and(|n| n > 0) || p.count.is_some() || prag.full || prag.enable;
    let plan = transform::Plan {
        count,
        shape,
        heart,
        explicit,
        prologue,
        parallel_reductions: p.parallel_reductions,
        trip_count: match tc {
            TripCount::Constant(t) => Some(t),
            _ => None,
        },
        max_trip,
    };
    let done = match header_exit {
        Some(_) => transform::unroll_header_exit(m, edits, f, &l, plan).map(|()| None),
        None => transform::unroll(m, edits, f, &l, c.as_ref(), plan),
    };
    match done {
        Ok(note) => {
            let what = match (shape, &tc) {
                (Shape::Full, _) => format!("completely unrolled loop with {count} iterations"),
                (Shape::UpperBound, _) => {
                    format!("completely unrolled loop with at most {count} iterations, keeping every copy's exit test")
                }
                (Shape::NoRemainder, _) => format!("unrolled loop by a factor of {count}"),
                (Shape::KeepExits, _) => {
                    format!("unrolled loop by a factor of {count}, keeping every copy's exit test")
                }
                (Shape::ConstantExit, _) => format!(
                    "unrolled loop by a factor of {count}, keeping the exit test of the copy that runs the last iteration"
                ),
                (Shape::Runtime, TripCount::Constant(_)) => {
                    format!("unrolled loop by a factor of {count} with a remainder loop")
                }
                (Shape::Runtime, _) => format!("unrolled loop by a factor of {count} with run-time trip count"),
            };
            let heart_note = match (heart.is_some(), shape) {
                (true, Shape::Runtime) => {
                    "; the loop heart is shared by the unrolled copies and the remainder has its own, which is \
                     allowed because the trip count is uniform: converged threads leave the unrolled loop together"
                }
                (true, _) => "; the loop heart is shared by every copy",
                (false, _) => "",
            };
            tracing::debug!(target: "opt_conv::loop-unroll", "{what}");
            out.remarks.push((RemarkKind::Passed, format!("{what}{heart_note}")));
            if let Some(note) = note {
                out.remarks.push((RemarkKind::Analysis, note));
            }
        }
        Err(e) => out.remarks.push((RemarkKind::Missed, format!("not unrolled: {e}"))),
    }
    out
}

/// Whether a phi of `l`'s header takes an integer constant from the
/// preheader: LLVM then puts a runtime remainder after the unrolled loop
/// (`isEpilogProfitable`), and before it otherwise.
fn starts_from_constant(f: &Function, l: &Loop) -> bool {
    let Some(pre) = l.preheader else { return true };
    f.phis(l.header).any(|p| {
        f.dfg()
            .inst(p)
            .incoming(pre)
            .and_then(|v| f.dfg().value_const(v))
            .is_some_and(|c| matches!(c.kind, opt_conv_ir::constant::ConstKind::Int(_)))
    })
}

/// The counted exit test of `l` when it ends the header rather than the
/// latch, for a loop without convergent operations whose latch branches
/// back (unconditionally, or testing a side exit).
fn header_counted(m: &Module, f: &Function, l: &Loop) -> Option<Counted> {
    let latch = l.latch()?;
    if latch == l.header || !l.exiting.contains(&l.header) {
        return None;
    }
    let t = f.terminator(latch)?;
    let td = f.dfg().inst(t);
    if !matches!(td.kind, InstKind::Br) || !td.blocks.contains(&l.header) {
        return None;
    }
    let convergent = l.blocks.iter().flat_map(|&b| f.block_insts(b)).any(|i| {
        !matches!(opt_conv_legality::convergence::classify(m, f, f.dfg().inst(i)), opt_conv_legality::ConvOp::None)
    });
    if convergent {
        return None;
    }
    // The test reads the variable itself (an increment in the header is
    // not taken).
    counted_at(m, f, l, l.header).filter(|c| !c.tests_next)
}

/// Whether the latch of `l` branches out on a constant condition.
fn latch_always_exits(f: &Function, l: &Loop) -> bool {
    let Some(t) = l.latch().and_then(|b| f.terminator(b)) else { return false };
    let d = f.dfg().inst(t);
    if !d.is_cond_br() {
        return false;
    }
    let Some(v) = f.dfg().value_const(d.args[0]).and_then(opt_conv_ir::Const::as_int) else { return false };
    !l.contains(d.blocks[if v != 0 { 0 } else { 1 }])
}

/// LLVM 22's condition for a remainder loop when the loop has exits other
/// than the latch's: at most two exiting blocks, and the one other exit
/// ends in `llvm.experimental.deoptimize` (rarely taken, so the extra
/// branches in each copy are predictable).
fn runtime_side_exits_ok(m: &Module, f: &Function, l: &Loop) -> Result<(), String> {
    let exit = transform::latch_exit(f, l).ok_or("the latch does not exit")?;
    let others: Vec<Block> = l.exits.iter().copied().filter(|&x| x != exit).collect();
    if l.exiting.len() > 1 && f.cfg().preds(exit).iter().any(|&p| Some(p) != l.latch()) {
        return Err(format!("the latch's exit {} is also a side exit", block_label(f, exit)));
    }
    if others.is_empty() {
        return Ok(());
    }
    if l.exiting.len() > 2 {
        return Err(format!("{} exiting blocks (at most 2 are unrolled at run time)", l.exiting.len()));
    }
    match others.as_slice() {
        [x] if ends_in_deoptimize(m, f, *x) => Ok(()),
        [x] => Err(format!("the side exit {} does not end in a deoptimization", block_label(f, *x))),
        _ => Err(format!("{} side exits", others.len())),
    }
}

/// Whether `b`, following unique successors, reaches a block that returns
/// right after calling `llvm.experimental.deoptimize`.
fn ends_in_deoptimize(m: &Module, f: &Function, mut b: Block) -> bool {
    let cfg = f.cfg();
    let mut seen = opt_conv_ir::EntitySet::new();
    seen.insert(b);
    while let [s] = cfg.succs(b) {
        if !seen.insert(*s) {
            return false;
        }
        b = *s;
    }
    let Some(t) = f.terminator(b) else { return false };
    if f.dfg().inst(t).kind != InstKind::Ret {
        return false;
    }
    let Some(call) = f.layout().prev_inst(t) else { return false };
    opt_conv_legality::convergence::callee_decl(m, f, f.dfg().inst(call))
        .is_some_and(|c| c.name.starts_with("llvm.experimental.deoptimize"))
}

/// LLVM's count computation, with the oracle's verdict on remainders.
/// The size of a loop of `size` unrolled `n` times, as [`decide`] counts it.
fn unrolled_size(size: u64, n: u32, be_insns: u64) -> u64 {
    size.saturating_sub(be_insns).max(1) * u64::from(n) + be_insns
}

/// `max_trip`: the trip count's upper bound when only that is known, and
/// whether unrolling to it (each copy keeping its exit test) is allowed.
#[expect(clippy::too_many_arguments, reason = "the facts the decision rests on, passed once")]
fn decide(
    tc: &TripCount,
    p: &Params,
    prag: &Pragmas,
    requested: Option<u32>,
    (no_remainder, no_keep_exits): (Option<&Refusal>, Option<&Refusal>),
    size: u64,
    max_trip: Option<(u64, bool)>,
    full_by_analysis: bool,
) -> (Decision, Option<String>) {
    // As LLVM: copies beyond the maximum trip count would never run, so a
    // count reaching it unrolls the loop completely, keeping the exit test
    // of every copy but the last.
    let upper_bound = |n: u64| match max_trip {
        Some((mx, true)) if n >= mx && mx <= MAX_FULL_TRIP && matches!(tc, TripCount::Symbolic { .. }) => {
            Some(Decision::Do(mx as u32, Shape::UpperBound))
        }
        _ => None,
    };
    let allow_remainder = no_remainder.is_none() && p.allow_remainder;
    let body = size.saturating_sub(p.be_insns).max(1);
    let unrolled = |n: u64| body * n + p.be_insns;
    let why = |r: Option<&Refusal>| r.map(|r| format!(": {r}")).unwrap_or_default();
    let why_no_remainder = match no_remainder {
        None if !p.allow_remainder => ": -unroll-allow-remainder=false".to_owned(),
        r => why(r),
    };
    if (prag.full || prag.enable)
        && let TripCount::Constant(t) = tc
        && *t <= MAX_FULL_TRIP
    {
        return (Decision::Do(*t as u32, Shape::Full), None);
    }
    let mut note = None;
    if let Some(n) = requested {
        match tc {
            TripCount::Constant(t) => {
                if u64::from(n) >= *t {
                    return (Decision::Do(*t as u32, Shape::Full), None);
                }
                if t % u64::from(n) == 0 {
                    return (Decision::Do(n, Shape::NoRemainder), None);
                }
                // As LLVM 22, which never makes a remainder loop for a
                // constant trip count: only the copy running the last
                // iteration keeps its exit test. Each original iteration
                // runs in the same copy for every thread, which is what
                // keeping exits needs; LLVM also asks for a remainder to be
                // allowed (`canHaveUnrollRemainder`), and so does this, so
                // that loops with a heart or uncontrolled operations are
                // unrolled as LLVM unrolls them.
                if allow_remainder && no_keep_exits.is_none() {
                    return (Decision::Do(n, Shape::ConstantExit), None);
                }
                note = Some(format!(
                    "unroll count {n} not used: {t} iterations are not a multiple of it and a remainder is not allowed{why_no_remainder}"
                ));
            }
            TripCount::Symbolic { multiple, .. } => {
                if let Some(d) = upper_bound(u64::from(n)) {
                    return (d, None);
                }
                if multiple % u64::from(n) == 0 {
                    return (Decision::Do(n, Shape::NoRemainder), None);
                }
                // A remainder loop at run time: asked for (a count given by
                // -unroll-count alone does not ask, a pragma's does).
                let runtime = p.runtime || prag.count.is_some_and(|c| c > 1);
                if runtime && allow_remainder && !prag.runtime_disable && n.is_power_of_two() {
                    return (Decision::Do(n, Shape::Runtime), None);
                }
                // As LLVM when no remainder loop is made but a remainder is
                // allowed: every copy keeps its exit test (the oracle says
                // whether the loop's convergence allows that; where it
                // refuses a remainder, the count is reduced as below).
                if allow_remainder && no_keep_exits.is_none() {
                    return (Decision::Do(n, Shape::KeepExits), None);
                }
                let mut k = n;
                while k > 1 && multiple % u64::from(k) != 0 {
                    k >>= 1;
                }
                let reason = &why_no_remainder;
                if k > 1 {
                    return (
                        Decision::Do(k, Shape::NoRemainder),
                        Some(format!(
                            "unroll count reduced from {n} to {k}, which divides the trip multiple {multiple}: a \
                             remainder loop is not allowed{reason}"
                        )),
                    );
                }
                return (
                    Decision::None,
                    Some(format!(
                        "not unrolled by {n}: the trip count is not known to be a multiple of it and a remainder loop is not allowed{reason}"
                    )),
                );
            }
            TripCount::Unknown => {
                // Every copy keeps its exit test: no remainder is needed,
                // and the oracle says whether the loop's convergence allows
                // it (a heart does: each original iteration stays in one copy).
                if no_keep_exits.is_none() {
                    return (Decision::Do(n, Shape::KeepExits), None);
                }
                return (
                    Decision::None,
                    Some(format!("not unrolled by {n}: the trip count is not computable{}", why(no_keep_exits))),
                );
            }
        }
    }
    match tc {
        TripCount::Constant(t) => {
            // Strictly below the threshold, as LLVM's `shouldFullUnroll`.
            if *t <= MAX_FULL_TRIP && (unrolled(*t) < p.threshold || full_by_analysis) {
                return (Decision::Do(*t as u32, Shape::Full), note);
            }
            if !p.partial {
                return (Decision::None, note);
            }
            let mut n = (p.partial_threshold.saturating_sub(p.be_insns) / body).min(*t);
            while n > 1 && t % n != 0 {
                n -= 1;
            }
            if n > 1 {
                return (Decision::Do(n as u32, Shape::NoRemainder), note);
            }
            // No count divides the trip count: as LLVM, the largest power
            // of two that fits, the copy running the last iteration keeping
            // its exit test (allowed as above).
            if allow_remainder && no_keep_exits.is_none() {
                let mut n = u64::from(DEFAULT_RUNTIME_COUNT);
                while n > 1 && unrolled(n) > p.partial_threshold {
                    n >>= 1;
                }
                if n > 1 {
                    return (Decision::Do(n as u32, Shape::ConstantExit), note);
                }
            }
            (Decision::None, note)
        }
        TripCount::Symbolic { multiple, .. } => {
            if !p.runtime || prag.runtime_disable {
                return (Decision::None, note);
            }
            // As LLVM: a loop known to run only a few times is not worth a
            // remainder unless a count was asked for.
            if let Some((mx, _)) = max_trip
                && mx < MAX_UPPER_BOUND
            {
                let why = format!(
                    "not unrolled at run time: at most {mx} iterations, fewer than {MAX_UPPER_BOUND}, and no count was asked for"
                );
                return (Decision::None, note.or(Some(why)));
            }
            let mut n = u64::from(DEFAULT_RUNTIME_COUNT);
            while n > 1 && unrolled(n) > p.partial_threshold {
                n >>= 1;
            }
            if n > 1
                && let Some(d) = upper_bound(n)
            {
                return (d, note);
            }
            if allow_remainder {
                return if n > 1 { (Decision::Do(n as u32, Shape::Runtime), note) } else { (Decision::None, note) };
            }
            let start = n;
            while n > 1 && multiple % n != 0 {
                n >>= 1;
            }
            if n > 1 {
                let note = (n != start).then(|| {
                    format!(
                        "runtime unroll count reduced from {start} to {n}, which divides the trip multiple {multiple}: a \
                         remainder loop is not allowed{why_no_remainder}"
                    )
                });
                (Decision::Do(n as u32, Shape::NoRemainder), note)
            } else {
                (
                    Decision::None,
                    Some(format!("not unrolled at run time: a remainder loop is not allowed{why_no_remainder}")),
                )
            }
        }
        TripCount::Unknown => (Decision::None, note),
    }
}
