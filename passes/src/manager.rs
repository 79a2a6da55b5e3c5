//! The pass manager: runs a built pipeline over a module.
//!
//! Function passes run function-major (each function through the whole group
//! before the next function), as opt's function pass manager does. After
//! every pass, `-verify-each` re-verifies what the pass touched; the
//! debugging flags (dumps, bisection, timing) are in [`crate::instrument`]. Analyses are cached on each function body and
//! invalidated by the body's own mutation API, so a pass can never receive a
//! stale analysis from an earlier one.

use crate::Options;
use crate::instrument::{Instrumenter, PassNames, Unit};
use crate::pass::{FunctionCx, ModuleCache, ModuleCx, PassError};
use crate::registry::Step;
use crate::remarks::Remarks;
use opt_conv_ir::Module;

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
) -> Result<(), RunError> {
    let mut inst = Instrumenter::new(&options.instrument, m, out);
    let mut cache = ModuleCache::default();
    for step in steps {
        match step {
            Step::Module(p) => {
                let names = PassNames { name: p.name(), class: p.class_name() };
                if !inst.before(m, Unit::Module, names, out) {
                    continue;
                }
                let _span = tracing::debug_span!(target: "opt_conv::pm", "module pass", pass = p.name()).entered();
                let mut cx = ModuleCx { remarks, out, options };
                let changed = p.run(m, &mut cx).map_err(RunError::Pass)?;
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
                for f in m.definitions() {
                    for p in group {
                        let names = PassNames { name: p.name(), class: p.class_name() };
                        let Some(fbody) = m.body(f) else { continue };
                        if !p.handles_eh()
                            && let Some(why) = crate::eh::why_left_alone(m, f, fbody)
                        {
                            let name = m.func(f).map(|d| d.name.to_string()).unwrap_or_default();
                            remarks.emit(crate::eh::skipped_remark(p.name(), name, fbody, why));
                            continue;
                        }
                        if !inst.before(m, Unit::Function(f), names, out) {
                            continue;
                        }
                        let Some(mut body) = m.take_body(f) else { continue };
                        let name = m.func(f).map(|d| d.name.to_string()).unwrap_or_default();
                        let _span =
                            tracing::debug_span!(target: "opt_conv::pm", "function pass", pass = p.name(), func = %name)
                                .entered();
                        let result = {
                            let mut cx =
                                FunctionCx { module: m, func: f, remarks, out, options, module_cache: &mut cache };
                            p.run(&mut body, &mut cx)
                        };
                        m.set_body(f, body);
                        let changed = result.map_err(RunError::Pass)?;
                        if !changed.is_empty() {
                            cache = ModuleCache::default();
                        }
                        if options.verify_each && !changed.is_empty() {
                            let errs = crate::verify::verify_function_all(m, f);
                            if !errs.is_empty() {
                                return Err(RunError::BrokenAfterPass {
                                    pass: p.name(),
                                    message: crate::verify::render(m, &errs),
                                });
                            }
                        }
                        inst.after(m, Unit::Function(f), names, changed, out);
                    }
                }
            }
        }
    }
    inst.finish(out);
    Ok(())
}
