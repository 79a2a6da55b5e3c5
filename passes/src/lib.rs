//! # opt-conv passes
//!
//! The pass framework (a small [`FunctionPass`]/[`ModulePass`] trait pair, a
//! `-passes=` pipeline parser, a pass manager and a remarks channel) and the
//! passes themselves, one per file.

#![warn(missing_docs)]

pub mod always_inline;
pub mod call_graph;
pub mod cfg_edit;
pub mod const_load;
pub mod dce;
pub mod dead_functions;
pub mod debug_records;
pub mod eh;
pub mod equivalence;
pub mod global_dce;
pub mod hoist;
pub mod infer_tokens;
pub mod inline;
mod inline_rules;
pub mod instrument;
pub mod instsimplify;
pub mod jump_threading;
pub mod loop_simplify;
pub mod loops;
pub mod manager;
pub mod module_edits;
pub mod noalias_scopes;
pub mod pass;
pub mod pipeline;
pub mod printers;
pub mod registry;
pub mod remarks;
pub mod simplify;
pub mod simplifycfg;
pub mod sink;
pub mod ssa_update;
pub mod unroll;
pub mod verify;

pub use manager::{Outcome, RunError, run_pipeline};
pub use pass::{FunctionCx, FunctionPass, ModuleCx, ModulePass, PassError, PassKind};
pub use pipeline::{Pipeline, parse_pipeline};
pub use registry::{PassBox, PassInfo, Registry, Step, build, registry};
pub use remarks::{Remark, RemarkKind, Remarks};

/// Options that reach passes from the command line.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `-verify-each`.
    pub verify_each: bool,
    /// The module passed the verifier just before the pipeline: a `verify`
    /// pass reached before anything could change it has nothing to check.
    pub verified_input: bool,
    /// `-j N`: how many functions function passes may transform at once
    /// (0 or 1: one at a time).
    pub threads: usize,
    /// opt's debugging flags: dumps, bisection, timing.
    pub instrument: instrument::Instrumentation,
    /// `-mtriple=`, overriding the module's triple.
    pub triple: Option<String>,
    /// `--uniformity=llvm|tokens`.
    pub uniformity: opt_conv_legality::UniformityMode,
    /// `-unroll-*` options.
    pub unroll: UnrollOptions,
    /// `-jump-threading-threshold=N`.
    pub jump_threading_threshold: Option<u32>,
    /// `-jump-threading-across-loop-headers[=B]` (LLVM's testing option,
    /// off by default): jump threading may thread through and to loop
    /// headers, and forward empty blocks before them.
    pub jump_threading_across_loop_headers: bool,
    /// `simplifycfg`'s command-line options.
    pub simplifycfg: SimplifyCfgOptions,
    /// `-inline-threshold=N`: the inliner's default threshold (LLVM's
    /// `DefaultThreshold`, 225 when not given; it may be negative).
    pub inline_threshold: Option<i32>,
    /// Values of options a driver added for its own passes, by option name
    /// (`"true"` for a flag that was given).
    pub extra: std::collections::BTreeMap<String, String>,
}

/// opt's `-hoist-common-insts`, `-sink-common-insts` and
/// `-simplifycfg-hoist-common-skip-limit`: given, they override the
/// `simplifycfg<...>` parameters, as in opt.
#[derive(Clone, Debug, Default)]
pub struct SimplifyCfgOptions {
    /// `-hoist-common-insts[=B]`.
    pub hoist_common_insts: Option<bool>,
    /// `-sink-common-insts[=B]`.
    pub sink_common_insts: Option<bool>,
    /// `-simplifycfg-hoist-common-skip-limit=N` (default 20).
    pub hoist_common_skip_limit: Option<u32>,
}

/// opt's `-unroll-count`, `-unroll-runtime`, `-unroll-allow-partial`,
/// `-unroll-threshold`, `-unroll-partial-threshold` and
/// `-unroll-allow-remainder`. As in opt, an option that is given overrides
/// the target's default; `None` keeps it.
#[derive(Clone, Debug, Default)]
pub struct UnrollOptions {
    /// `-unroll-count=N`.
    pub count: Option<u32>,
    /// `-unroll-runtime[=B]`.
    pub runtime: Option<bool>,
    /// `-unroll-allow-partial[=B]`.
    pub allow_partial: Option<bool>,
    /// `-unroll-threshold=N`.
    pub threshold: Option<u32>,
    /// `-unroll-partial-threshold=N`.
    pub partial_threshold: Option<u32>,
    /// `-unroll-allow-remainder[=B]` (default true).
    pub allow_remainder: Option<bool>,
    /// `-unroll-max-iteration-count-to-analyze=N` (default 10).
    pub max_iterations_to_analyze: Option<u32>,
    /// `-unroll-max-percent-threshold-boost=N` (default 400).
    pub max_percent_threshold_boost: Option<u32>,
    /// `-unroll-runtime-epilog[=B]`: the remainder of runtime unrolling
    /// after the unrolled loop (true, the default) or before it (false).
    pub runtime_epilog: Option<bool>,
    /// `-unroll-add-parallel-reductions[=B]` (default false): an accumulator
    /// per unrolled copy of a reduction chain.
    pub add_parallel_reductions: Option<bool>,
}
