//! The `Pass` traits and the context a pass runs in.
//!
//! A pass is a small value with a pipeline name. Function passes get the body
//! they transform (taken out of the module for the duration) and the rest of
//! the module; module passes get the whole module. Both report what they
//! changed, which drives analysis invalidation, `-print-changed`-style dumps
//! and `-verify-each`.

use crate::Options;
use crate::remarks::Remarks;
use opt_conv_ir::{Changes, FuncId, Function, Module};

/// What a pass operates on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PassKind {
    /// One function at a time.
    Function,
    /// The whole module.
    Module,
}

/// Context of a function pass.
pub struct FunctionCx<'a> {
    /// The module (this function's body is taken out while the pass runs).
    pub module: &'a mut Module,
    /// The function being transformed.
    pub func: FuncId,
    /// Where remarks go.
    pub remarks: &'a mut Remarks,
    /// Analysis printer output (stderr in the CLI).
    pub out: &'a mut String,
    /// Command-line options.
    pub options: &'a Options,
    /// What is computed from the whole module and reused between
    /// functions while no pass changes anything.
    pub module_cache: &'a mut ModuleCache,
}

/// Module-wide data that function passes share while the module stays as
/// it is: the pass manager clears it whenever a pass reports a change.
#[derive(Default)]
pub struct ModuleCache {
    /// The printer's attribute-group and metadata numbering (analysis
    /// printers number the whole module for each function otherwise).
    pub numbering: Option<opt_conv_ir::text::printer::Numbering>,
}

impl FunctionCx<'_> {
    /// The function's name.
    pub fn func_name(&self) -> String {
        self.module.func(self.func).map(|d| d.name.to_string()).unwrap_or_default()
    }
}

/// Context of a module pass.
pub struct ModuleCx<'a> {
    /// Where remarks go.
    pub remarks: &'a mut Remarks,
    /// Analysis printer output.
    pub out: &'a mut String,
    /// Command-line options.
    pub options: &'a Options,
}

/// A pass over one function.
pub trait FunctionPass {
    /// The name used in `-passes=`.
    fn name(&self) -> &'static str;
    /// The class-style name LLVM prints in dumps (`SinkingPass`).
    fn class_name(&self) -> &'static str {
        self.name()
    }
    /// Whether the pass may run on a function with exception handling or an
    /// indirect branch (see [`crate::eh`]). Transforms say no, the default:
    /// the pass manager then leaves such a function alone with a missed
    /// remark. Analyses and printers, which change nothing, say yes.
    fn handles_eh(&self) -> bool {
        false
    }
    /// Runs on `f`; returns what changed.
    fn run(&self, f: &mut Function, cx: &mut FunctionCx<'_>) -> Result<Changes, PassError>;
}

/// A pass over the whole module.
pub trait ModulePass {
    /// The name used in `-passes=`.
    fn name(&self) -> &'static str;
    /// The class-style name LLVM prints in dumps.
    fn class_name(&self) -> &'static str {
        self.name()
    }
    /// Runs on `m`; returns what changed.
    fn run(&self, m: &mut Module, cx: &mut ModuleCx<'_>) -> Result<Changes, PassError>;
}

/// A pass that cannot continue (a broken invariant, or a verifier failure in
/// `verify`). Refusals to transform are remarks, never errors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassError {
    /// The text to print (already formatted, may span lines).
    pub message: String,
}

impl std::fmt::Display for PassError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for PassError {}
