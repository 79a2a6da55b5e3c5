//! Does `after` only do what `before` allows?
//!
//! Both programs run on the same inputs (several seeds, thread counts and
//! input patterns). Observable behaviour is, per thread, the sequence of
//! events (external calls and convergent operations with their arguments,
//! results and communicating thread sets), the return value, and the final
//! contents of shared memory. `before`'s poison allows any value in `after`;
//! undefined behaviour in `before` allows anything; `after` must not add
//! events, but may drop *pure* calls (not executing a call without memory
//! effects, or one that only reads memory and returns, is unobservable; a
//! reading call's result depends on the memory its pointer arguments point
//! into, so moving it past a store there shows in the values).
//!
//! Pure convergent operations are not events: what they communicate is
//! observable only through the values they produce, which flow into the
//! events, return values and memory that are compared. (Aligning them
//! across two programs by callee and arguments would pair a call a
//! transform removed with an unrelated one that looks alike.)
//!
//! ## Anchors
//!
//! Communication rooted in an anchor (an operation whose token chain leads
//! to `llvm.experimental.convergence.anchor`) is implementation-defined, so
//! `after` may show *any* grouping of its anchor instances and `before`
//! allows any grouping of its own; within a grouping the token rules fix
//! everything below. The check is "every behaviour of `after` is one of
//! `before`": `after` runs under each grouping of
//! [`AnchorGrouping::for_trial`] (maximal, singletons, and
//! [`EquivConfig::random_groupings`] random partitions of every anchor
//! instance, all deterministic in the trial's seed), and for each outcome
//! `before` must find a matching grouping. The check runs `before`
//! *guided* by `after` ([`crate::guide`]): each of `before`'s anchor
//! instances is paired, by name and order, with one of `after`'s and is
//! converged exactly with the instances paired with the same `after`
//! instance (in order, or in order within each iteration of the enclosing
//! cycles, or in order whatever the names: three pairings are tried);
//! unpaired anchors are grouped maximally, as singletons, or as `after`'s
//! were. Then everything is
//! compared exactly, thread sets included. Waits that cannot be satisfied
//! under that grouping mean convergence-before would not be a strict order.
//!
//! This accepts sinking an anchor with all its uses, hoisting and merging
//! anchors in acyclic code and unrolling loops that contain their own
//! anchor, and rejects splitting a heart loop into a main loop and a
//! remainder, sinking only some uses of an anchor, or sinking an anchor
//! into a loop so that the loop intrinsic is no longer a heart
//! (ConvergentOperations.rst, *Examples for the Correctness of Program
//! Transforms*; each is a test in `tests/spec_examples.rs`).
//!
//! ## Cycle hierarchies
//!
//! Uncontrolled operations and anchors in an irreducible cycle are grouped
//! by maximal convergence for *a* cycle hierarchy, which depends on the
//! order of a depth-first search ([`crate::hierarchies`]). `after` runs
//! under each hierarchy of its CFG (up to [`HIERARCHIES`] besides the IR's),
//! and each outcome is judged against `before` under each of its own; one
//! that reproduces it is a witness. So folding a never-taken back edge of
//! an irreducible cycle is accepted when some header of the cycle groups
//! the threads as the acyclic result does, and rejected when none does.
//! A hierarchy of the module is one per function: those varying one
//! function come first, then those varying several at once, so a transform
//! in one function is judged while `after` runs another's cycle under
//! another header. (Each trial may find its witness under a different
//! hierarchy; a compiler fixes one per function, which the check does not
//! demand.)
//!
//! ## Freezes
//!
//! `freeze` of poison gives an arbitrary value per dynamic instance, which
//! may differ between threads and between two freezes of the same poison.
//! Each run resolves it by a [`FreezeStrategy`]: `after` runs under all
//! zeros, all ones and [`EquivConfig::random_freezes`] random ones (random
//! bits per lane and dynamic freeze), and each outcome needs a witness from
//! `before` under `after`'s strategy, all zeros, all ones, `after`'s own
//! choices replayed (by freeze name and occurrence, so that hoisting a
//! freeze out of a loop matches), or, when `before` freezes several values,
//! each of its first few giving zero or all ones independently (folding
//! several frozen undefs to constants). So duplicating a freeze into two
//! uses, or sinking one into a loop, is reported, and folding `freeze
//! undef` to zero or all ones is accepted. A run that freezes no poison
//! runs once: every strategy runs it alike. The search is incomplete: a
//! fold of a frozen undef to another constant is accepted only if one of
//! those strategies gives it.
//!
//! ## Threads that never finish
//!
//! A thread that runs out of fuel (or call depth) is *stuck*: it executes
//! nothing more, and the other threads run on to their end without it. A
//! thread that never arrives at an operation is not in its dynamic
//! instance (ConvergentOperations.rst: the threads that execute converged
//! dynamic instances are those that reach them), so the threads that do
//! arrive execute it together. When `after` has stuck threads and `before`
//! does too (or `before` has some where `after` finished), each thread's
//! completed non-pure events are compared: a stuck thread's up to the
//! shorter of its two sequences (fuel counts are not comparable between
//! the sides, and a thread's events with little fuel are a prefix of its
//! events with more), a thread that finished on both sides whole, return
//! value included. So a convergent operation sunk past the join of a
//! thread that never returns is reported, and a loop no thread leaves
//! unrolled is accepted.
//!
//! A group that formed while a stuck thread might still have reached it
//! with more fuel (it was in a loop that can exit, say, not in a cycle
//! with no way out, nor in a loop whose state repeats:
//! [`crate::exec::never_leaves`]) is *tentative*: its members, and what follows from it,
//! depend on the fuel. When either run has one, only the events each
//! thread completed before the first thread got stuck are compared. Final
//! memory is not compared when a thread is stuck. Pointers into allocas
//! are compared by owner (the thread, and how many allocas it made
//! before), not by region number: a stuck thread that allocates in its
//! loop moves the numbers of the others' allocas by a count that depends
//! on the fuel. (Numbers past 255 do not fit a 32-bit pointer, so a thread
//! that makes that many before the others run breaks their 32-bit
//! pointers: a limit of the executor's memory model.) Runs with anchor
//! instances are not judged this way (their groups would need a guided
//! `before`).
//!
//! ## Undefined behaviour
//!
//! Undefined behaviour of `before` under any grouping of its anchors
//! allows anything. When `after` fails, or when a guided `before` does,
//! `before` is run guided by `after`'s groupings (up to `after`'s failure,
//! if it failed): a grouping that gives `after` its thread sets also gives
//! `before` its undefined behaviour when `before` reaches the same choice
//! (a `readfirstlane` on an anchor's token that a switch does not cover
//! for every thread, say), whatever anchors each side has.
//!
//! The witness search is incomplete: a legal transform whose anchors
//! `before` can only match by a pairing none of the three finds would be
//! reported. A reported difference names the grouping `after` used.

use crate::error::SimtError;
use crate::freedom::{AnchorGrouping, FreezeStrategy};
use crate::guide::{Guide, Pairing};
use crate::inputs::{Pattern, Rng, generate};
use crate::program::Program;
use crate::render::lanes;
use crate::run::{Failed, Inputs, RunConfig, RunResult, run, run_guided, run_traced};
use crate::thread::Event;
use crate::value::Val;
use opt_conv_ir::Module;
use opt_conv_ir::types::Type;
use rustc_hash::FxHashMap;
use std::fmt;

/// How hard to look.
#[derive(Clone, Debug)]
pub struct EquivConfig {
    /// Thread counts to try, in rotation.
    pub threads: Vec<u32>,
    /// Number of trials (each a seed, a thread count and an input pattern).
    pub trials: u32,
    /// First seed.
    pub seed: u64,
    /// Limits of each run (its `threads` and `anchors` are ignored).
    pub run: RunConfig,
    /// Random anchor groupings tried per trial, besides maximal and
    /// singletons ([`crate::freedom`]).
    pub random_groupings: u32,
    /// Random resolutions of `freeze` tried per trial for `after`, besides
    /// all zeros and all ones ([`FreezeStrategy`]).
    pub random_freezes: u32,
}

impl Default for EquivConfig {
    fn default() -> Self {
        EquivConfig {
            threads: vec![8, 4, 3, 2, 5],
            trials: 100,
            seed: 0,
            run: RunConfig { fuel: 20_000, ..RunConfig::default() },
            random_groupings: 3,
            random_freezes: 2,
        }
    }
}

/// What kind of failure a counterexample shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CexKind {
    /// `after` behaves in a way `before` does not allow.
    Differs,
    /// The executor cannot run the programs (unsupported instruction,
    /// missing function, mismatched signatures): no verdict.
    Unrunnable,
}

/// The smallest failing input found, and the first difference.
#[derive(Clone, Debug)]
pub struct Counterexample {
    /// Failure kind.
    pub kind: CexKind,
    /// The function.
    pub func: String,
    /// Threads in the subgroup.
    pub threads: u32,
    /// The arguments, per thread.
    pub inputs: Inputs,
    /// The thread where behaviour differs, if one does.
    pub thread: Option<u32>,
    /// What differs.
    pub what: String,
    /// `before`'s side of it.
    pub before: String,
    /// `after`'s side of it.
    pub after: String,
    /// `before`'s set of communicating threads, where relevant.
    pub before_set: Option<u64>,
    /// `after`'s set of communicating threads, where relevant.
    pub after_set: Option<u64>,
    /// How `after`'s anchors were grouped ([`crate::freedom`]).
    pub anchors: AnchorGrouping,
    /// How `after`'s freezes of poison were resolved, when it froze any.
    pub freeze: Option<String>,
}

impl fmt::Display for Counterexample {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            CexKind::Differs => "not equivalent",
            CexKind::Unrunnable => "cannot check",
        };
        writeln!(f, "{kind}: @{} with {} threads", self.func, self.threads)?;
        for (lane, row) in self.inputs.args.iter().enumerate() {
            let a: Vec<String> = row.iter().map(ToString::to_string).collect();
            writeln!(f, "  thread {lane} args: ({})", a.join(", "))?;
        }
        match self.thread {
            Some(t) => writeln!(f, "thread {t}: {}", self.what)?,
            None => writeln!(f, "{}", self.what)?,
        }
        writeln!(f, "  before: {}", self.before)?;
        writeln!(f, "  after:  {}", self.after)?;
        if let (Some(b), Some(a)) = (self.before_set, self.after_set) {
            writeln!(f, "  threads together: before {}, after {}", lanes(b), lanes(a))?;
        }
        match self.anchors {
            AnchorGrouping::Maximal => {}
            AnchorGrouping::Singletons => writeln!(f, "  (after's anchors grouped every thread alone)")?,
            AnchorGrouping::Random(seed) => {
                writeln!(f, "  (after's anchors grouped by random partitions, seed {seed:#x})")?;
            }
        }
        if let Some(how) = &self.freeze {
            writeln!(f, "  (after's {how})")?;
        }
        Ok(())
    }
}

impl std::error::Error for Counterexample {}

/// A difference found in one trial, before it is dressed with its inputs.
struct Diff {
    thread: Option<u32>,
    what: String,
    before: String,
    after: String,
    sets: Option<(u64, u64)>,
    anchors: AnchorGrouping,
    freeze: Option<String>,
}

impl Diff {
    fn new(thread: Option<u32>, what: impl Into<String>, before: String, after: String) -> Diff {
        Diff { thread, what: what.into(), before, after, sets: None, anchors: AnchorGrouping::Maximal, freeze: None }
    }
}

/// What one trial varies in `after`: the grouping of its anchors and the
/// resolution of its freezes of poison.
struct Strategies {
    anchors: Vec<AnchorGrouping>,
    freezes: Vec<FreezeStrategy>,
}

/// Checks that every behaviour of `after`'s `func` is one `before`'s allows.
#[expect(clippy::result_large_err, reason = "built once per failing check; callers inspect its fields directly")]
pub fn check_equivalence(
    before: &Module,
    after: &Module,
    func: &str,
    config: &EquivConfig,
) -> Result<(), Counterexample> {
    let unrunnable = |what: String| Counterexample {
        kind: CexKind::Unrunnable,
        func: func.to_owned(),
        threads: 0,
        inputs: Inputs::default(),
        thread: None,
        what,
        before: String::new(),
        after: String::new(),
        before_set: None,
        after_set: None,
        anchors: AnchorGrouping::Maximal,
        freeze: None,
    };
    // Lay both programs out alike: the globals and functions they share get
    // the same addresses, whatever the after side added or removed.
    let bp = Program::new(before).map_err(|e| unrunnable(format!("before: {e}")))?;
    let ap = Program::with_layout(after, &bp.layout()).map_err(|e| unrunnable(format!("after: {e}")))?;
    let bp = Program::with_layout(before, &ap.layout()).map_err(|e| unrunnable(format!("before: {e}")))?;
    // Every cycle hierarchy of each side (crate::hierarchies): the IR's first.
    let layout = ap.layout();
    let bps: Vec<Program> = std::iter::once(Ok(bp))
        .chain(Program::other_hierarchies(before, &layout, HIERARCHIES).into_iter().flatten().map(Ok))
        .collect::<Result<_, SimtError>>()
        .map_err(|e| unrunnable(format!("before: {e}")))?;
    let aps: Vec<Program> = std::iter::once(ap)
        .chain(Program::other_hierarchies(after, &layout, HIERARCHIES).map_err(|e| unrunnable(format!("after: {e}")))?)
        .collect();
    let bp = &bps[0];
    let params = param_types(bp, func).map_err(|e| unrunnable(format!("before: {e}")))?;
    let after_params = param_types(&aps[0], func).map_err(|e| unrunnable(format!("after: {e}")))?;
    // Each module interns its own types: their ids are not comparable.
    let text = |p: &Program, ts: &[Type]| ts.iter().map(|&t| p.tcx.types.display(t)).collect::<Vec<_>>();
    if text(bp, &params) != text(&aps[0], &after_params) {
        return Err(unrunnable(format!("@{func} has different parameter types before and after")));
    }
    let uniform = uniform_params(before, func, params.len());
    let counts: Vec<u32> = if config.threads.is_empty() { vec![8] } else { config.threads.clone() };
    for trial in 0..config.trials {
        let threads = counts[trial as usize % counts.len()].clamp(1, 64);
        let pattern = Pattern::ALL[(trial as usize / counts.len()) % Pattern::ALL.len()];
        let mut rng = Rng::new(config.seed.wrapping_add(u64::from(trial)));
        let inputs =
            generate(&bp.tcx, &params, &uniform, threads, pattern, &mut rng).map_err(|e| unrunnable(e.to_string()))?;
        let seed = config.seed.wrapping_add(u64::from(trial));
        let groupings = Strategies {
            anchors: AnchorGrouping::for_trial(seed, config.random_groupings),
            freezes: FreezeStrategy::for_trial(seed, config.random_freezes),
        };
        if let Some(d) = compare_once((&bps, &aps), func, &inputs, threads, &config.run, &groupings) {
            let (threads, inputs, d) = shrink((&bps, &aps), func, inputs, threads, &config.run, &groupings, d);
            let kind = if d.what.starts_with("cannot run") { CexKind::Unrunnable } else { CexKind::Differs };
            return Err(Counterexample {
                kind,
                func: func.to_owned(),
                threads,
                inputs,
                thread: d.thread,
                what: d.what,
                before: d.before,
                after: d.after,
                before_set: d.sets.map(|s| s.0),
                after_set: d.sets.map(|s| s.1),
                anchors: d.anchors,
                freeze: d.freeze,
            });
        }
    }
    Ok(())
}

pub use crate::launch::uniform_params;

fn param_types(p: &Program, func: &str) -> Result<Vec<Type>, SimtError> {
    let f = p.module.func_by_name(func).ok_or_else(|| SimtError::Input(format!("no function @{func}")))?;
    let body = p.module.body(f).ok_or_else(|| SimtError::Input(format!("@{func} has no body")))?;
    Ok(body.params().iter().map(|&v| body.dfg().value_type(v)).collect())
}

/// Shrinks a failing input: drops threads one at a time (keeping the
/// others' arguments) while it still fails; what remains is the counterexample.
fn shrink(
    (bps, aps): (&[Program], &[Program]),
    func: &str,
    mut inputs: Inputs,
    mut threads: u32,
    cfg: &RunConfig,
    groupings: &Strategies,
    mut diff: Diff,
) -> (u32, Inputs, Diff) {
    let mut i = 0;
    while i < inputs.args.len() && threads > 1 {
        let mut fewer = inputs.clone();
        fewer.args.remove(i);
        match compare_once((bps, aps), func, &fewer, threads - 1, cfg, groupings) {
            Some(d) => {
                inputs = fewer;
                threads -= 1;
                diff = d;
            }
            None => i += 1,
        }
    }
    (threads, inputs, diff)
}

/// Cycle hierarchies tried per module besides the IR's.
pub const HIERARCHIES: usize = 8;

/// Runs `after` under each of its cycle hierarchies and each anchor
/// grouping; every outcome needs a witness from some hierarchy of `before`.
fn compare_once(
    (bps, aps): (&[Program], &[Program]),
    func: &str,
    inputs: &Inputs,
    threads: u32,
    cfg: &RunConfig,
    groupings: &Strategies,
) -> Option<Diff> {
    for ap in aps {
        for (k, &grouping) in groupings.anchors.iter().enumerate() {
            let mut anchored = false;
            for freeze in &groupings.freezes {
                let cfg = RunConfig { threads, anchors: grouping, freeze: freeze.clone(), ..cfg.clone() };
                let (diff, froze) = match run_traced(ap, func, inputs, &cfg) {
                    Ok(after) => {
                        anchored |= anchored_run(&after);
                        let d = witness(bps, |bp| judge(bp, func, inputs, &cfg, &after, ap));
                        (d, froze(&after))
                    }
                    Err(failed) => {
                        anchored |= anchored_run(&failed.partial);
                        let d = witness(bps, |bp| after_failed((bp, ap), func, inputs, &cfg, &failed));
                        (d, froze(&failed.partial))
                    }
                };
                if let Some(mut d) = diff {
                    d.anchors = grouping;
                    d.freeze = froze.then(|| freeze.describe());
                    return Some(d);
                }
                // Up to its first freeze of poison every strategy runs alike.
                if !froze {
                    break;
                }
            }
            // Without anchor instances every grouping runs alike.
            if k == 0 && !anchored {
                break;
            }
        }
    }
    None
}

/// Whether a run froze a value with poison in it (so that another
/// [`FreezeStrategy`] may run it differently).
fn froze(r: &RunResult) -> bool {
    r.threads.iter().any(|t| !t.freezes.is_empty())
}

/// The resolutions of `before`'s freezes tried against an `after` run made
/// under `cfg`: `after`'s own strategy first, then all zeros, all ones,
/// and `after`'s choices replayed ([`FreezeStrategy::Replay`]).
fn before_freezes(cfg: &RunConfig, after: &RunResult) -> Vec<FreezeStrategy> {
    let mut out = vec![cfg.freeze.clone()];
    if !matches!(cfg.freeze, FreezeStrategy::Zeros) {
        out.push(FreezeStrategy::Zeros);
    }
    if !matches!(cfg.freeze, FreezeStrategy::Ones) {
        out.push(FreezeStrategy::Ones);
    }
    if froze(after) {
        out.push(FreezeStrategy::Replay(after.threads.iter().map(|t| t.freezes.clone()).collect()));
    }
    out
}

/// `None` when some hierarchy of `before` allows what `after` did;
/// otherwise the difference the IR's hierarchy shows.
fn witness<'p, 'm: 'p>(bps: &'p [Program<'m>], mut judge: impl FnMut(&'p Program<'m>) -> Option<Diff>) -> Option<Diff> {
    let mut first = None;
    for bp in bps {
        let d = judge(bp)?;
        first.get_or_insert(d);
    }
    first
}

/// Searches for a grouping of `before`'s anchors under which `before` does
/// what `after` did. Each pairing with `after`'s anchor instances
/// ([`crate::guide`]) proposes one; anchors left unpaired are grouped
/// maximally, as singletons, or as `after`'s were. Any grouping that
/// reproduces `after` is a witness, and so is one under which `before`
/// has undefined behaviour; without one, the first attempt's failure is
/// reported.
fn judge(bp: &Program, func: &str, inputs: &Inputs, cfg: &RunConfig, after: &RunResult, ap: &Program) -> Option<Diff> {
    let mut guide = Guide::from_run(after, ap);
    let mut first: Option<Result<Diff, SimtError>> = None;
    let mut undefined = false;
    // `before`'s freezes of poison may resolve any way: `after`'s strategy
    // first; the others only if `before` froze poison (or failed, which may
    // be because of what it froze).
    let mut freezes = before_freezes(cfg, after);
    let mut most = 0;
    let mut next = 0;
    while let Some(freeze) = freezes.get(next).cloned() {
        next += 1;
        let mut froze_any = false;
        for pairing in PAIRINGS {
            guide.pairing = pairing;
            for rest in unpaired(cfg) {
                let bcfg = RunConfig { anchors: rest, freeze: freeze.clone(), ..cfg.clone() };
                let outcome = match run_guided(bp, func, inputs, &bcfg, Some(&guide)) {
                    Ok(before) => {
                        froze_any |= froze(&before);
                        most = before.threads.iter().map(|t| t.freezes.len()).fold(most, usize::max);
                        match compare(&before, after, &guide) {
                            None => return None,
                            Some(d) => Ok(explain(&before, after, d)),
                        }
                    }
                    Err(e) => {
                        froze_any = true;
                        Err(e)
                    }
                };
                undefined |= matches!(outcome, Err(SimtError::Undefined(_)));
                first.get_or_insert(outcome);
            }
        }
        if !froze_any {
            break;
        }
        // Every freeze of poison giving zero, or all ones, or what
        // `after`'s gave, is no witness: try each freeze of the first few
        // giving zero or all ones on its own.
        if next == freezes.len() && most >= 2 && !freezes.iter().any(|f| matches!(f, FreezeStrategy::Mixed(_))) {
            let n = most.min(MIXED_FREEZES);
            freezes.extend((1..(1u32 << n) - 1).map(FreezeStrategy::Mixed));
        }
    }
    // A guided run that formed a group without a member that may still
    // join it is no witness; a strict run is. It behaves alike until the
    // other would form such a group, where it stops instead, so it can
    // only reach undefined behaviour where the other did: look only then.
    if undefined && before_undefined_as_guided(bp, ap, func, inputs, cfg, after) {
        return None;
    }
    let plain = RunConfig { anchors: AnchorGrouping::Maximal, ..cfg.clone() };
    match first.expect("at least one pairing was tried") {
        Ok(d) => Some(d),
        Err(e) => match run(bp, func, inputs, &plain) {
            Err(plain) if plain.is_undefined() => None,
            Err(SimtError::Limit(_)) => fuel_prefix(bp, func, inputs, cfg, after, None),
            Err(plain) => {
                Some(Diff::new(None, format!("cannot run before: {plain}"), plain.to_string(), String::new()))
            }
            Ok(_) => Some(Diff::new(
                None,
                "after's anchor groups are not a grouping before allows",
                e.to_string(),
                "ran to completion".into(),
            )),
        },
    }
}

/// How many of a thread's first freezes of poison the search for `before`'s
/// witness resolves independently to zero or all ones.
const MIXED_FREEZES: usize = 4;

/// The pairings a guided run of `before` tries ([`crate::guide`]).
const PAIRINGS: [Pairing; 3] = [Pairing::InOrder, Pairing::ByIteration, Pairing::AnyName];

/// How a guided run groups the anchors it cannot pair: maximally, as
/// singletons, or as the run it follows grouped its own.
fn unpaired(cfg: &RunConfig) -> Vec<AnchorGrouping> {
    let mut out = vec![AnchorGrouping::Maximal, AnchorGrouping::Singletons];
    if !out.contains(&cfg.anchors) {
        out.push(cfg.anchors);
    }
    out
}

/// `after` failed; does `before` allow it? Undefined behaviour of `before`
/// under any grouping of its anchors allows anything. Three groupings are
/// tried: the configuration `after` ran under (meaningful when both have
/// the same anchors), maximal, and those that follow `after`'s own anchor
/// groups up to its failure ([`before_undefined_as_guided`]).
fn after_failed(
    (bp, ap): (&Program, &Program),
    func: &str,
    inputs: &Inputs,
    cfg: &RunConfig,
    failed: &Failed,
) -> Option<Diff> {
    let e = failed.error.clone();
    let mut first = None;
    for freeze in before_freezes(cfg, &failed.partial) {
        let fcfg = RunConfig { freeze, ..cfg.clone() };
        let maximal = RunConfig { anchors: AnchorGrouping::Maximal, ..fcfg.clone() };
        let traced = |c: &RunConfig| run_traced(bp, func, inputs, c);
        let b = traced(&fcfg);
        let undefined = b.as_ref().is_err_and(|f| f.error.is_undefined());
        let b = if undefined || fcfg.anchors == AnchorGrouping::Maximal { b } else { traced(&maximal) };
        let froze_any = match &b {
            Ok(r) => froze(r),
            Err(f) => froze(&f.partial),
        };
        if b.as_ref().is_err_and(|f| f.error.is_undefined())
            || (e.is_undefined() && before_undefined_as_guided(bp, ap, func, inputs, &fcfg, &failed.partial))
        {
            return None;
        }
        first.get_or_insert(b);
        if !froze_any {
            break;
        }
    }
    // The first strategy's run, with anchors grouped maximally.
    let unrunnable = matches!(e, SimtError::Unsupported(_) | SimtError::Input(_));
    Some(match first.expect("at least one strategy was tried") {
        Err(f) if matches!((&f.error, &e), (SimtError::Limit(_), SimtError::Limit(_))) => {
            return fuel_prefix(bp, func, inputs, cfg, &failed.partial, Some(f.partial));
        }
        Err(f) if unrunnable => Diff::new(None, format!("cannot run: {e}"), f.error.to_string(), e.to_string()),
        _ if unrunnable => Diff::new(None, format!("cannot run after: {e}"), "ran".into(), e.to_string()),
        // `before` cannot run (an address that does not fit its pointers,
        // say) where `after` runs out of fuel: no verdict either way.
        Err(f) if matches!(f.error, SimtError::Unsupported(_) | SimtError::Input(_)) => {
            Diff::new(None, format!("cannot run before: {}", f.error), f.error.to_string(), e.to_string())
        }
        Ok(_) | Err(_) => {
            Diff::new(None, "after fails where before does not", "ran to completion".into(), e.to_string())
        }
    })
}

/// `before` runs out of fuel where `after` ran out too, or finished: what
/// both did before that must agree, as far as both got. Fuel counts are
/// not comparable (unrolling changes how many instructions an iteration
/// takes), so each thread's completed events are compared up to the
/// shorter of the two sequences: a thread's events are a prefix of what it
/// would do with more fuel, and a group that fired is final. Events of
/// pure operations are not compared, as in finished runs. Runs with anchor
/// instances are not judged (their groups would need a guided `before`).
/// `before`'s freezes of poison may resolve any way ([`before_freezes`]),
/// and undefined behaviour within its fuel allows anything.
fn fuel_prefix(
    bp: &Program,
    func: &str,
    inputs: &Inputs,
    cfg: &RunConfig,
    after: &RunResult,
    mut known: Option<RunResult>,
) -> Option<Diff> {
    if anchored_run(after) {
        return None;
    }
    let mut first = None;
    for freeze in before_freezes(cfg, after) {
        let bcfg = RunConfig { anchors: AnchorGrouping::Maximal, freeze, ..cfg.clone() };
        let outcome = match known.take() {
            Some(r) => Ok(r),
            None => run_traced(bp, func, inputs, &bcfg),
        };
        let partial = match outcome {
            Err(f) if f.error.is_undefined() => return None,
            Err(f) if matches!(f.error, SimtError::Limit(_)) => f.partial,
            Ok(r) => r,
            Err(f) => {
                first.get_or_insert_with(|| {
                    Diff::new(None, "before fails where after does not", f.error.to_string(), "ran out of fuel".into())
                });
                if froze(&f.partial) {
                    continue;
                }
                break;
            }
        };
        if anchored_run(&partial) {
            return None;
        }
        match prefix_diff(&partial, after) {
            None => return None,
            Some(d) => {
                first.get_or_insert_with(|| explain(&partial, after, d));
            }
        }
        if !froze(&partial) {
            break;
        }
    }
    first
}

/// Whether any thread of a run executed an anchor.
fn anchored_run(r: &RunResult) -> bool {
    r.threads.iter().any(|t| !t.anchors.is_empty())
}

/// Compares, thread by thread, the completed observable events of two runs
/// of which one or both had threads that got stuck ([`fuel_prefix`]).
///
/// A stuck thread executes nothing more and the others run on without it:
/// a thread that never arrives at a dynamic instance is not in it
/// (ConvergentOperations.rst: only the threads that reach an operation
/// execute it). Its events are compared up to the shorter of the two
/// sequences (fuel counts are not comparable between the sides); the
/// threads that finished on both sides are compared whole, return values
/// included. That holds while no group formed without a stuck thread that
/// might still have reached it with more fuel (one stuck in a loop that
/// can exit and whose state does not repeat, say): there the group, and what depends on it, is tentative,
/// and only the events each thread completed before the first thread got
/// stuck are compared (what a run stopped there shows). Final memory is
/// not compared: a stuck thread may have written it at any point.
fn prefix_diff(before: &RunResult, after: &RunResult) -> Option<Diff> {
    let done = |e: &&Event| !e.pure && (e.class.is_none() || e.group != 0);
    let tentative = |r: &RunResult| r.threads.iter().any(|t| t.events.iter().any(|e| e.late != 0));
    let settled = !tentative(before) && !tentative(after);
    let stuck = |r: &RunResult| r.threads.iter().filter(|t| t.stuck.is_some()).fold(0u64, |m, t| m | 1 << t.lane);
    let context = if settled {
        let side = |r: &RunResult| match stuck(r) {
            0 => "none".to_owned(),
            m => lanes(m),
        };
        format!("threads stuck (out of fuel) before: {}, after: {}; ", side(before), side(after))
    } else {
        "before fuel ran out, ".to_owned()
    };
    for (bt, at) in before.threads.iter().zip(&after.threads) {
        let lane = Some(bt.lane);
        let upto = |t: &crate::run::ThreadTrace| if settled { t.events.len() } else { t.horizon.min(t.events.len()) };
        let bes: Vec<&Event> = bt.events[..upto(bt)].iter().filter(done).collect();
        let aes: Vec<&Event> = at.events[..upto(at)].iter().filter(done).collect();
        for (j, (be, ae)) in bes.iter().zip(&aes).enumerate() {
            let what = |w: &str| format!("{context}event {j} {w}");
            if be.callee != ae.callee {
                return Some(Diff::new(lane, what("is another operation"), describe(be), describe(ae)));
            }
            if be.class.is_some() != ae.class.is_some() || be.group != ae.group {
                let mut d = Diff::new(lane, what("communicates with different threads"), describe(be), describe(ae));
                d.sets = Some((be.group, ae.group));
                return Some(d);
            }
            let (bc, ac) = (|v: &Val| by_owner(v, before), |v: &Val| by_owner(v, after));
            let args_ok =
                be.args.len() == ae.args.len() && be.args.iter().zip(&ae.args).all(|(b, a)| bc(b).refined_by(&ac(a)));
            if !args_ok || !bc(&be.result).refined_by(&ac(&ae.result)) {
                return Some(Diff::new(lane, what("differs"), describe(be), describe(ae)));
            }
        }
        if !settled || bt.stuck.is_some() || at.stuck.is_some() {
            continue;
        }
        // The thread finished on both sides: all of it must agree.
        if let Some(be) = bes.get(aes.len()) {
            let what = format!("{context}before has an event after does not");
            return Some(Diff::new(lane, what, describe(be), "no such event".into()));
        }
        if let Some(ae) = aes.get(bes.len()) {
            let what = format!("{context}event {} of after has no counterpart in before", bes.len());
            return Some(Diff::new(lane, what, "no further event".into(), describe(ae)));
        }
        if bt.ended != at.ended {
            let how = |e: Option<&str>| e.unwrap_or("returned").to_owned();
            let what = format!("{context}the thread ends differently");
            return Some(Diff::new(lane, what, how(bt.ended), how(at.ended)));
        }
        if !by_owner(&bt.ret, before).refined_by(&by_owner(&at.ret, after)) {
            let what = format!("{context}return values differ");
            return Some(Diff::new(lane, what, bt.ret.to_string(), at.ret.to_string()));
        }
    }
    None
}

/// `v` with each pointer into an alloca renumbered by its owner
/// ([`RunResult::allocas`]): the thread and how many allocas it made
/// before, so that what a stuck thread allocated does not move the others'.
/// (A pointer turned into an integer keeps its run's number.)
fn by_owner(v: &Val, run: &RunResult) -> Val {
    match v {
        Val::Ptr(a) => match crate::memory::split(*a).and_then(|(r, off)| Some((run.allocas.get(&r)?, off))) {
            Some((&(lane, k), off)) => {
                Val::Ptr(crate::memory::addr((1 << 32) + ((lane as usize) << 24) + k as usize, off))
            }
            None => by_binding(v, run),
        },
        Val::Agg(es) => crate::typed::agg(es.iter().map(|e| by_owner(e, run)).collect()),
        _ => v.clone(),
    }
}

/// `v` with each pointer into a shader resource's buffer renumbered by
/// the buffer's binding ([`RunResult::resources`]), so that two programs
/// that ask for their bindings in another order agree on the pointers.
/// (A pointer turned into an integer keeps its run's number.)
fn by_binding(v: &Val, run: &RunResult) -> Val {
    match v {
        Val::Ptr(a) => match crate::memory::split(*a).and_then(|(r, off)| Some((run.resources.get(&r)?, off))) {
            Some((name, off)) => {
                let mut h = crate::builtins::Hasher::new(name);
                h.u64(0);
                Val::Ptr(crate::memory::addr((2 << 32) + (h.finish() as usize & 0xffff_ffff), off))
            }
            None => v.clone(),
        },
        Val::Agg(es) => crate::typed::agg(es.iter().map(|e| by_binding(e, run)).collect()),
        _ => v.clone(),
    }
}

/// Whether `before`, with its anchors grouped as `after`'s were up to
/// `after`'s failure (`partial`), reaches undefined behaviour. A grouping
/// configuration names different groupings in programs with different
/// anchors (unrolling turns one anchor in a loop into one per copy), so
/// `before`'s witness is searched for as for a finished run ([`judge`]):
/// each of `before`'s anchor instances is paired with one of `after`'s
/// and grouped like it. The guided runs are strict ([`Guide::strict`]): no
/// group forms while a member may still join it, so the grouping is one
/// `before` allows. Only undefined behaviour counts: a convergence
/// violation in a guided run may only say that `after`'s groups cannot
/// form in `before`.
fn before_undefined_as_guided(
    bp: &Program,
    ap: &Program,
    func: &str,
    inputs: &Inputs,
    cfg: &RunConfig,
    partial: &RunResult,
) -> bool {
    if partial.threads.iter().all(|t| t.anchors.is_empty()) {
        return false;
    }
    let mut guide = Guide::from_run(partial, ap);
    guide.strict = true;
    for pairing in PAIRINGS {
        guide.pairing = pairing;
        for rest in unpaired(cfg) {
            let bcfg = RunConfig { anchors: rest, ..cfg.clone() };
            if matches!(run_guided(bp, func, inputs, &bcfg, Some(&guide)), Err(SimtError::Undefined(_))) {
                return true;
            }
        }
    }
    false
}

fn args_text(vs: &[crate::value::Val]) -> String {
    vs.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
}

fn describe(e: &Event) -> String {
    let mut s = format!("@{}({}) -> {}", e.callee, args_text(&e.args), e.result);
    if e.class.is_some() {
        s.push_str(&format!(" with {}", lanes(e.group)));
    }
    s
}

/// Names the likely cause of an observed difference: the first pure
/// convergent operation that `before` and `after` both executed in the same
/// thread, with the same callee, arguments and iteration, but with
/// different threads. (Pure operations are not compared as events; their
/// values are. This only makes the report say where the values came from.)
fn explain(before: &RunResult, after: &RunResult, d: Diff) -> Diff {
    if d.sets.is_some() {
        return d;
    }
    for (bt, at) in before.threads.iter().zip(&after.threads) {
        for be in bt.events.iter().filter(|e| e.pure && e.class.is_some()) {
            let bi = be.class.map(|c| before.classes.iterations(c));
            let twin = at.events.iter().find(|ae| {
                ae.pure
                    && ae.callee == be.callee
                    && ae.args == be.args
                    && ae.class.map(|c| after.classes.iterations(c)) == bi
            });
            if let Some(ae) = twin
                && ae.group != be.group
            {
                let mut e = Diff::new(
                    Some(bt.lane),
                    format!(
                        "{}; it comes from a convergent operation that communicates with different threads",
                        d.what
                    ),
                    describe(be),
                    describe(ae),
                );
                e.sets = Some((be.group, ae.group));
                return e;
            }
        }
    }
    d
}

/// The dump of a shader resource's buffer like `m` that a run never
/// asked for: its initial contents.
fn untouched(m: &crate::run::RegionDump) -> crate::run::RegionDump {
    let bytes = crate::resources::initial_contents(&m.name, m.bytes.len() as u64);
    crate::run::RegionDump { name: m.name.clone(), poison: vec![false; bytes.len()], bytes, resource: true }
}

/// Compares a guided `before` run with the `after` run that guided it.
fn compare(before: &RunResult, after: &RunResult, guide: &Guide) -> Option<Diff> {
    for (bt, at) in before.threads.iter().zip(&after.threads) {
        let lane = Some(bt.lane);
        let mut by_after: FxHashMap<usize, usize> = FxHashMap::default();
        for (i, e) in bt.events.iter().enumerate() {
            if let Some(j) = e.matched {
                by_after.insert(j, i);
            }
        }
        let mut last_before = 0;
        for (j, ae) in at.events.iter().enumerate() {
            if !guide.is_aligned(at.lane, j) {
                continue;
            }
            let Some(&i) = by_after.get(&j) else {
                let next = bt.events[last_before..].iter().find(|e| e.matched.is_none() && !e.pure);
                return Some(Diff::new(
                    lane,
                    format!("event {j} of after has no counterpart in before"),
                    next.map_or("no further event".into(), describe),
                    describe(ae),
                ));
            };
            last_before = i + 1;
            let be = &bt.events[i];
            if be.class.is_some() != ae.class.is_some() || be.group != ae.group {
                let mut d = Diff::new(
                    lane,
                    format!("event {j} communicates with different threads"),
                    describe(be),
                    describe(ae),
                );
                d.sets = Some((be.group, ae.group));
                return Some(d);
            }
            let (bc, ac) = (|v: &Val| by_binding(v, before), |v: &Val| by_binding(v, after));
            let args_ok =
                be.args.len() == ae.args.len() && be.args.iter().zip(&ae.args).all(|(b, a)| bc(b).refined_by(&ac(a)));
            if !args_ok || !bc(&be.result).refined_by(&ac(&ae.result)) {
                return Some(Diff::new(lane, format!("event {j} differs"), describe(be), describe(ae)));
            }
        }
        if bt.ended != at.ended {
            let how = |e: Option<&str>| e.unwrap_or("returned").to_owned();
            return Some(Diff::new(lane, "the thread ends differently", how(bt.ended), how(at.ended)));
        }
        if let Some(be) = bt.events.iter().find(|e| e.matched.is_none() && !e.pure) {
            return Some(Diff::new(lane, "before has an event after does not", describe(be), "no such event".into()));
        }
        if !by_binding(&bt.ret, before).refined_by(&by_binding(&at.ret, after)) {
            return Some(Diff::new(lane, "return values differ", bt.ret.to_string(), at.ret.to_string()));
        }
    }
    // A shader resource's buffer only after asked for (a store to another
    // binding, say) is compared with what before left there: its initial
    // contents.
    let only_after: Vec<_> = after
        .memory
        .iter()
        .filter(|m| m.resource && !before.memory.iter().any(|b| b.name == m.name))
        .map(untouched)
        .collect();
    for bm in before.memory.iter().chain(&only_after) {
        // LLVM's own lists (`@llvm.global_ctors`, `@llvm.used`, ...) are
        // for the linker and the compiler: passes edit them (globaldce
        // drops empty constructors), the program does not run them here.
        if bm.name.starts_with("@llvm.") {
            continue;
        }
        // A global after lacks (say, an unused internal one removed) has
        // no final contents to compare. A shader resource's buffer that
        // after never asked for has its initial contents.
        let initial;
        let am = match after.memory.iter().find(|m| m.name == bm.name) {
            Some(am) => am,
            None if bm.resource => {
                initial = untouched(bm);
                &initial
            }
            None => continue,
        };
        let differs = bm.bytes.len() != am.bytes.len()
            || bm
                .bytes
                .iter()
                .zip(&am.bytes)
                .zip(&bm.poison)
                .zip(&am.poison)
                .any(|(((b, a), bp), ap)| !bp && (b != a || *ap));
        if differs {
            let at = bm.bytes.iter().zip(&am.bytes).position(|(b, a)| b != a).unwrap_or(0);
            return Some(Diff::new(
                None,
                format!("final memory of {} differs (first at byte {at})", bm.name),
                format!("{:02x?}", &bm.bytes[at..(at + 8).min(bm.bytes.len())]),
                format!("{:02x?}", &am.bytes[at..(at + 8).min(am.bytes.len())]),
            ));
        }
    }
    None
}
