//! The `Pass` traits and the context a pass runs in.
//!
//! A pass is a small value with a pipeline name. Function passes get the body
//! they transform (taken out of the module for the duration), the rest of
//! the module read-only and a buffer for the few module changes they make
//! ([`ModuleEdits`]), so that the manager can run them on several functions
//! at once; module passes get the whole module. Both report what they
//! changed, which drives analysis invalidation, `-print-changed`-style dumps
//! and `-verify-each`.

use crate::Options;
use crate::module_edits::{Declaration, ModuleEdits};
use crate::remarks::Remarks;
use opt_conv_ir::text::printer::Numbering;
use opt_conv_ir::{Changes, FuncId, Function, Module};

/// What a pass operates on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PassKind {
    /// One function at a time.
    Function,
    /// The whole module.
    Module,
    /// Each loop of a function, innermost first (opt's loop passes, which
    /// run under `loop(...)`). Built as a function pass that visits the
    /// function's loops itself; allowed where opt allows a loop pass.
    Loop,
}

/// Context of a function pass.
pub struct FunctionCx<'a> {
    /// The module, read-only (this function's body is taken out while the
    /// pass runs, and so may be other functions' bodies: a function pass
    /// reads no other body).
    pub module: &'a Module,
    /// The function being transformed.
    pub func: FuncId,
    /// Where remarks go.
    pub remarks: &'a mut Remarks,
    /// Analysis printer output (stderr in the CLI).
    pub out: &'a mut String,
    /// Command-line options.
    pub options: &'a Options,
    /// The module's printer numbering, for passes that say they need it
    /// ([`FunctionPass::needs_numbering`]): computed by the manager for the
    /// module as it is, this body included.
    pub numbering: &'a mut Option<Numbering>,
    /// Where the pass puts its changes to the rest of the module.
    pub edits: &'a mut ModuleEdits,
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
pub trait FunctionPass: Send + Sync {
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
    /// Whether the pass may run on a function with an `indirectbr` or
    /// blocks whose address is taken, though not on one with exception
    /// handling: it then keeps every such block in place (never merged
    /// away, forwarded nor deleted; emptied to `unreachable` once nothing
    /// reaches it) and never redirects an `indirectbr`'s edges.
    fn handles_indirect_branches(&self) -> bool {
        false
    }
    /// Whether the pass may run on a function with landing-pad exception
    /// handling (`invoke`, `landingpad`, `resume`), though not on one with
    /// funclet pads, an `indirectbr` or blocks whose address is taken: it
    /// then never moves, merges or duplicates an `invoke` or a landing pad,
    /// and redirects an `invoke`'s normal edge only (a landing pad's only
    /// ways in stay unwind edges).
    fn handles_landing_pads(&self) -> bool {
        false
    }
    /// Functions the pass may declare through [`ModuleEdits::declare`]
    /// (with their types, which [`ModuleEdits::fn_type`] then finds).
    fn declarations(&self, _m: &Module) -> Vec<Declaration> {
        Vec::new()
    }
    /// Whether the pass may run on several functions at once. A pass whose
    /// module edits (attributes) later passes on the same function must see
    /// says no: its group then runs one function at a time.
    fn parallel(&self) -> bool {
        true
    }
    /// Whether the pass prints with the module's numbering
    /// ([`FunctionCx::numbering`]), which depends on every function's body.
    fn needs_numbering(&self) -> bool {
        false
    }
    /// Whether the pass never changes anything (analysis printers and verifiers).
    fn read_only(&self) -> bool {
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
    /// Whether the pass is the verifier: the manager skips it while the
    /// module is unchanged since it last passed (see [`crate::Outcome`]).
    fn is_verifier(&self) -> bool {
        false
    }
    /// Runs on `m`; returns what changed.
    fn run(&self, m: &mut Module, cx: &mut ModuleCx<'_>) -> Result<Changes, PassError>;
    /// Whether the pass walks the call graph's strongly connected
    /// components, so that function passes after it in a `cgscc(...)`
    /// pipeline run on each component as it is done with it
    /// ([`ModulePass::run_with_scc_passes`]): the inliner.
    fn walks_sccs(&self) -> bool {
        false
    }
    /// Runs on `m` as [`ModulePass::run`], calling `scc_passes` on the
    /// functions of each component of the call graph once done with them,
    /// callees before callers (LLVM's CGSCC pass manager, running a
    /// function adaptor after the inliner): a caller's calls then see their
    /// callees as those passes left them. Only for passes that
    /// [`ModulePass::walks_sccs`].
    fn run_with_scc_passes(
        &self,
        m: &mut Module,
        cx: &mut ModuleCx<'_>,
        _scc_passes: &mut SccPasses<'_>,
    ) -> Result<Changes, PassError> {
        self.run(m, cx)
    }
}

/// The function passes of a `cgscc(...)` pipeline after the inliner, run
/// on the given functions of one component of the call graph (see
/// [`ModulePass::run_with_scc_passes`]).
pub type SccPasses<'h> = dyn FnMut(&mut Module, &mut ModuleCx<'_>, &[FuncId]) -> Result<(), PassError> + 'h;

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
