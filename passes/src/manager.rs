//! The pass manager: runs a built pipeline over a module.
//!
//! Function passes run function-major (each function through the whole group
//! before the next function), as opt's function pass manager does. With
//! `-j N` (N > 1), the functions of a group are spread over N threads: each
//! thread takes the next function in module order, runs the whole group on
//! it against the read-only module and keeps its remarks, printer output
//! and module edits ([`crate::module_edits`]); these are then merged and
//! applied in module order, so the output is the same as one function at a
//! time. A group runs one function at a time when a pass in it cannot run
//! in parallel ([`FunctionPass::parallel`]), when it prints with the
//! module's numbering while another pass in it may change the module, and
//! with `-verify-each`, the debugging flags, or debug logging. After
//! every pass, `-verify-each` re-verifies what the pass touched; the
//! debugging flags (dumps, bisection, timing) are in [`crate::instrument`]. Analyses are cached on each function body and
//! invalidated by the body's own mutation API, so a pass can never receive a
//! stale analysis from an earlier one.

use crate::Options;
use crate::instrument::{Instrumenter, PassNames, Unit};
use crate::module_edits::{self, ModuleEdits};
use crate::pass::FunctionPass;
use crate::pass::{FunctionCx, ModuleCache, ModuleCx, PassError};
use crate::registry::Step;
use crate::remarks::Remarks;
use opt_conv_ir::{Changes, EntitySet, FuncId, Function, Module};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How a pipeline run ended badly.
#[derive(Debug)]
pub enum RunError {
    /// A pass reported an error (e.g. `verify` on a broken module).
    Pass(PassError),
    /// `-verify-each` found a broken function after a transform: a bug in the pass.
    BrokenAfterPass {
        /// The pass.
        pass: &'static str,
        /// Verifier output.
        message: String,
    },
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::Pass(e) => write!(f, "{e}"),
            RunError::BrokenAfterPass { pass, message } => {
                write!(f, "{message}error: broken function found after pass '{pass}', compilation aborted")
            }
        }
    }
}

/// Runs `steps` on `m`. Analysis printers, dumps and instrumentation
/// output go to `out`.
pub fn run_pipeline(
    steps: &[Step],
    m: &mut Module,
    remarks: &mut Remarks,
    out: &mut String,
    options: &Options,
) -> Result<Outcome, RunError> {
    let mut inst = Instrumenter::new(&options.instrument, m, out);
    let mut cache = ModuleCache::default();
    let mut verified = options.verified_input;
    for step in steps {
        match step {
            Step::Module(p) | Step::Scc(p, _) => {
                let scc_group = match step {
                    Step::Scc(_, g) => Some(g),
                    _ => None,
                };
                let names = PassNames { name: p.name(), class: p.class_name() };
                if !inst.before(m, Unit::Module, names, out) {
                    continue;
                }
                let _span = tracing::debug_span!(target: "opt_conv::pm", "module pass", pass = p.name()).entered();
                let changed = if p.is_verifier() && verified {
                    Changes::NONE
                } else {
                    let mut cx = ModuleCx { remarks, out, options };
                    match scc_group {
                        None => p.run(m, &mut cx).map_err(RunError::Pass)?,
                        Some(group) => {
                            let mut pending = EntitySet::new();
                            for q in group {
                                let decls = q.declarations(m);
                                module_edits::prepare(m, &decls, &mut pending);
                            }
                            // A broken function found by -verify-each inside
                            // is reported as such, not as the pass's error.
                            let mut failed: Option<RunError> = None;
                            let result = {
                                let mut scc_passes = |m: &mut Module, cx: &mut ModuleCx<'_>, funcs: &[FuncId]| {
                                    let (cache, pending, inst) = (&mut cache, &mut pending, &mut inst);
                                    run_sequential_on(
                                        group, funcs, m, cx.remarks, cx.out, options, cache, pending, inst,
                                    )
                                    .map_err(|e| {
                                        let message = e.to_string();
                                        failed = Some(e);
                                        PassError { message }
                                    })
                                };
                                p.run_with_scc_passes(m, &mut cx, &mut scc_passes)
                            };
                            if let Some(e) = failed {
                                return Err(e);
                            }
                            module_edits::discard_unused(m, pending);
                            result.map_err(RunError::Pass)?
                        }
                    }
                };
                // Any other module pass may have changed the module, whatever
                // it reports: only the verifier's own word is trusted here.
                verified = p.is_verifier();
                if !changed.is_empty() {
                    cache = ModuleCache::default();
                }
                if options.verify_each && !changed.is_empty() {
                    let errs = crate::verify::verify_all(m);
                    if !errs.is_empty() {
                        return Err(RunError::BrokenAfterPass {
                            pass: p.name(),
                            message: crate::verify::render(m, &errs),
                        });
                    }
                }
                inst.after(m, Unit::Module, names, changed, out);
            }
            Step::Functions(group) => {
                verified &= group.iter().all(|p| p.read_only());
                let mut pending = EntitySet::new();
                for p in group {
                    let decls = p.declarations(m);
                    module_edits::prepare(m, &decls, &mut pending);
                }
                if parallel_ok(group, options, &inst) {
                    run_parallel(group, m, remarks, out, options, &mut cache, &mut pending)?;
                } else {
                    run_sequential_on(
                        group,
                        &m.definitions(),
                        m,
                        remarks,
                        out,
                        options,
                        &mut cache,
                        &mut pending,
                        &mut inst,
                    )?;
                }
                module_edits::discard_unused(m, pending);
            }
        }
    }
    inst.finish(out);
    Ok(Outcome { verified })
}

/// What a pipeline run leaves behind, besides the module.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The module as it is now is known to pass the verifier: a `verify`
    /// pass (or the check before the pipeline, [`Options::verified_input`])
    /// passed it and only read-only passes ran since. A driver's final
    /// verification then has nothing to check.
    pub verified: bool,
}

type Group = [Box<dyn FunctionPass>];

/// Whether `group` may run on several functions at once (see the module docs).
fn parallel_ok(group: &Group, options: &Options, inst: &Instrumenter<'_>) -> bool {
    options.threads > 1
        && !options.verify_each
        && inst.is_quiet()
        && !tracing::enabled!(target: "opt_conv", tracing::Level::DEBUG)
        && group.iter().all(|p| p.parallel())
        && (!group.iter().any(|p| p.needs_numbering()) || group.iter().all(|p| p.read_only()))
}

/// The numbering of `m` as it is, in `cache` (computed if missing).
fn ensure_numbering(m: &Module, cache: &mut ModuleCache) {
    if cache.numbering.is_none() {
        cache.numbering = Some(opt_conv_ir::text::ModulePrinter::new(m).into_numbering());
    }
}

/// The functions `funcs`, one at a time and in that order, each module
/// edit applied after its pass.
#[expect(clippy::too_many_arguments, reason = "the manager's state, passed once")]
fn run_sequential_on(
    group: &Group,
    funcs: &[FuncId],
    m: &mut Module,
    remarks: &mut Remarks,
    out: &mut String,
    options: &Options,
    cache: &mut ModuleCache,
    pending: &mut EntitySet<FuncId>,
    inst: &mut Instrumenter<'_>,
) -> Result<(), RunError> {
    for &f in funcs {
        for p in group {
            let names = PassNames { name: p.name(), class: p.class_name() };
            let Some(fbody) = m.body(f) else { continue };
            if let Some(why) = crate::eh::why_pass_leaves_alone(p.as_ref(), m, f, fbody) {
                let name = m.func(f).map(|d| d.name.to_string()).unwrap_or_default();
                remarks.emit(crate::eh::skipped_remark(p.name(), name, fbody, why));
                continue;
            }
            if !inst.before(m, Unit::Function(f), names, out) {
                continue;
            }
            if p.needs_numbering() {
                ensure_numbering(m, cache);
            }
            let Some(mut body) = m.take_body(f) else { continue };
            let name = m.func(f).map(|d| d.name.to_string()).unwrap_or_default();
            let _span =
                tracing::debug_span!(target: "opt_conv::pm", "function pass", pass = p.name(), func = %name).entered();
            let mut edits = ModuleEdits::default();
            let result = {
                let mut cx = FunctionCx {
                    module: m,
                    func: f,
                    remarks,
                    out,
                    options,
                    numbering: &mut cache.numbering,
                    edits: &mut edits,
                };
                p.run(&mut body, &mut cx)
            };
            edits.apply(m, &mut body, pending);
            m.set_body(f, body);
            let changed = result.map_err(RunError::Pass)?;
            if !changed.is_empty() {
                *cache = ModuleCache::default();
            }
            if options.verify_each && !changed.is_empty() {
                let errs = crate::verify::verify_function_all(m, f);
                if !errs.is_empty() {
                    return Err(RunError::BrokenAfterPass { pass: p.name(), message: crate::verify::render(m, &errs) });
                }
            }
            inst.after(m, Unit::Function(f), names, changed, out);
        }
    }
    Ok(())
}

/// What one function's run of the group left to merge.
struct Done {
    body: Option<Function>,
    remarks: Remarks,
    out: String,
    edits: ModuleEdits,
    changed: bool,
    error: Option<PassError>,
}

/// The group on every function, `options.threads` functions at a time,
/// merged in module order.
fn run_parallel(
    group: &Group,
    m: &mut Module,
    remarks: &mut Remarks,
    out: &mut String,
    options: &Options,
    cache: &mut ModuleCache,
    pending: &mut EntitySet<FuncId>,
) -> Result<(), RunError> {
    if group.iter().any(|p| p.needs_numbering()) {
        // Only with read-only passes (see `parallel_ok`): one numbering
        // serves every function.
        ensure_numbering(m, cache);
    }
    let funcs = m.definitions();
    let slots: Vec<Mutex<Option<Done>>> = funcs
        .iter()
        .map(|&f| {
            Mutex::new(Some(Done {
                body: m.take_body(f),
                remarks: remarks.fork(),
                out: String::new(),
                edits: ModuleEdits::default(),
                changed: false,
                error: None,
            }))
        })
        .collect();
    let next = AtomicUsize::new(0);
    let module: &Module = m;
    let numbering = &cache.numbering;
    let threads = options.threads.min(funcs.len()).max(1);
    std::thread::scope(|s| {
        for _ in 0..threads {
            let worker = || {
                let mut numbering = numbering.clone();
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(slot) = slots.get(k) else { break };
                    let mut slot = slot.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                    if let Some(done) = slot.as_mut() {
                        run_group(group, module, funcs[k], done, options, &mut numbering);
                    }
                }
            };
            std::thread::Builder::new()
                .stack_size(WORKER_STACK)
                .spawn_scoped(s, worker)
                .expect("cannot start a thread");
        }
    });
    let mut changed = false;
    for (k, slot) in slots.into_iter().enumerate() {
        let Some(mut done) = slot.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner) else { continue };
        let f = funcs[k];
        remarks.all.append(&mut done.remarks.all);
        out.push_str(&done.out);
        if let Some(mut body) = done.body.take() {
            done.edits.apply(m, &mut body, pending);
            m.set_body(f, body);
        }
        changed |= done.changed;
        if let Some(e) = done.error {
            return Err(RunError::Pass(e));
        }
    }
    if changed {
        *cache = ModuleCache::default();
    }
    Ok(())
}

/// Stack of a worker thread: as much as the main thread usually has.
const WORKER_STACK: usize = 8 << 20;

/// The group on one function (a worker's share of [`run_parallel`]).
fn run_group(
    group: &Group,
    m: &Module,
    f: FuncId,
    done: &mut Done,
    options: &Options,
    numbering: &mut Option<opt_conv_ir::text::printer::Numbering>,
) {
    let Some(body) = done.body.as_mut() else { return };
    let name = m.func(f).map(|d| d.name.to_string()).unwrap_or_default();
    for p in group {
        if let Some(why) = crate::eh::why_pass_leaves_alone(p.as_ref(), m, f, body) {
            done.remarks.emit(crate::eh::skipped_remark(p.name(), name.clone(), body, why));
            continue;
        }
        let mut cx = FunctionCx {
            module: m,
            func: f,
            remarks: &mut done.remarks,
            out: &mut done.out,
            options,
            numbering,
            edits: &mut done.edits,
        };
        match p.run(body, &mut cx) {
            Ok(c) => done.changed |= c != Changes::NONE,
            Err(e) => {
                done.error = Some(e);
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{build, parse_pipeline};

    /// `%y` uses `%x`, which does not dominate it: the verifier refuses it.
    const BROKEN: &str = "define i32 @f(i1 %c) {\nentry:\n  br i1 %c, label %a, label %b\na:\n  %x = add i32 1, 2\n  br label %b\nb:\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n";

    fn run(pipeline: &str, verified_input: bool) -> Result<Outcome, RunError> {
        let steps = build(&parse_pipeline(pipeline).unwrap()).unwrap();
        let mut m = opt_conv_ir::text::parse_module("t.ll", BROKEN).unwrap().0;
        let options = Options { verified_input, ..Options::default() };
        run_pipeline(&steps, &mut m, &mut Remarks::default(), &mut String::new(), &options)
    }

    #[test]
    fn verify_runs_unless_the_module_is_known_verified() {
        assert!(matches!(run("verify", false), Err(RunError::Pass(_))));
        // Told the input passed (it did not, which makes the skip visible),
        // nothing since could have changed it.
        assert_eq!(run("verify", true).unwrap(), Outcome { verified: true });
        assert_eq!(run("print<cycles>,verify", true).unwrap(), Outcome { verified: true });
    }

    #[test]
    fn any_transform_makes_the_verification_stale() {
        assert_eq!(run("sink", true).unwrap(), Outcome { verified: false });
        assert!(matches!(run("sink,verify", true), Err(RunError::Pass(_))));
        assert_eq!(run("print<cycles>", false).unwrap(), Outcome { verified: false });
    }
}
