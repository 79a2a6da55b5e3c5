//! Command-line definition, with opt's habits: single-dash long options
//! (`-passes=sink`), the last repetition of an option wins, `-` is stdin.

use clap::Parser;
use std::ffi::OsString;

/// opt-conv: an `opt`-style optimizer for convergence-aware transforms.
#[derive(Parser, Debug)]
#[command(name = "opt-conv", version, args_override_self = true, disable_help_subcommand = true)]
pub struct Cli {
    /// Write textual IR (the only output format; accepted for compatibility).
    #[arg(short = 'S', long = "S")]
    pub text: bool,

    /// The pass pipeline, e.g. `-passes=unroll,sink` or `-passes='function(sink)'`.
    #[arg(short = 'p', long = "passes", value_name = "PIPELINE")]
    pub passes: Option<String>,

    /// Output file (`-` for stdout). Written atomically.
    #[arg(short = 'o', long = "o", value_name = "FILE")]
    pub output: Option<String>,

    /// Transform up to N functions at once (default: one per core). Function
    /// passes run on several functions in parallel; module passes
    /// (`inline`, dead-function deletion) run alone. The output is the same
    /// for every N. opt has no such option (it runs one function at a time).
    #[arg(short = 'j', long = "threads", value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub threads: Option<u32>,

    /// Do not write the output module.
    #[arg(long = "disable-output", num_args = 0..=1, require_equals = true, default_value = "false", default_missing_value = "true", value_parser = opt_bool, action = clap::ArgAction::Set)]
    pub disable_output: bool,

    /// Verify the IR after every pass.
    #[arg(long = "verify-each", num_args = 0..=1, require_equals = true, default_value = "false", default_missing_value = "true", value_parser = opt_bool, action = clap::ArgAction::Set)]
    pub verify_each: bool,

    /// Do not verify the input (nor the output).
    #[arg(long = "disable-verify", num_args = 0..=1, require_equals = true, default_value = "false", default_missing_value = "true", value_parser = opt_bool, action = clap::ArgAction::Set)]
    pub disable_verify: bool,

    /// Override the module's target triple.
    #[arg(long = "mtriple", value_name = "TRIPLE")]
    pub mtriple: Option<String>,

    /// Data layout string to use: replaces the module's `target datalayout`
    /// (as opt's option of that name; empty: the module's).
    #[arg(long = "data-layout", value_name = "LAYOUT")]
    pub data_layout: Option<String>,

    /// Target CPU (recorded for target-dependent analyses).
    #[arg(long = "mcpu", value_name = "CPU")]
    pub mcpu: Option<String>,

    /// Dump the IR after every pass (stderr).
    #[arg(long = "print-after-all", num_args = 0..=1, require_equals = true, default_value = "false", default_missing_value = "true", value_parser = opt_bool, action = clap::ArgAction::Set)]
    pub print_after_all: bool,

    /// Dump the IR before every pass (stderr).
    #[arg(long = "print-before-all", num_args = 0..=1, require_equals = true, default_value = "false", default_missing_value = "true", value_parser = opt_bool, action = clap::ArgAction::Set)]
    pub print_before_all: bool,

    /// Dump the IR after each run of the named passes (comma-separated; repeatable).
    #[arg(long = "print-after", value_name = "PASS", value_delimiter = ',', action = clap::ArgAction::Append)]
    pub print_after: Vec<String>,

    /// Dump the IR before each run of the named passes (comma-separated; repeatable).
    #[arg(long = "print-before", value_name = "PASS", value_delimiter = ',', action = clap::ArgAction::Append)]
    pub print_before: Vec<String>,

    /// Dump the module at start, then the IR after every pass that changed it.
    #[arg(long = "print-changed", num_args = 0..=1, require_equals = true, default_value = "false", default_missing_value = "true", value_parser = opt_bool, action = clap::ArgAction::Set)]
    pub print_changed: bool,

    /// Only dump these functions (comma-separated).
    #[arg(long = "filter-print-funcs", value_name = "NAMES", value_delimiter = ',', action = clap::ArgAction::Append)]
    pub filter_print_funcs: Vec<String>,

    /// Run only the first N pass runs; report each as `BISECT: ...` (-1: all).
    #[arg(long = "opt-bisect-limit", value_name = "N", allow_negative_numbers = true)]
    pub opt_bisect_limit: Option<i64>,

    /// Report the time spent in each pass.
    #[arg(long = "time-passes", num_args = 0..=1, require_equals = true, default_value = "false", default_missing_value = "true", value_parser = opt_bool, action = clap::ArgAction::Set)]
    pub time_passes: bool,

    /// Report per-pass statistics (transformations done and refused).
    #[arg(long = "stats", num_args = 0..=1, require_equals = true, default_value = "false", default_missing_value = "true", value_parser = opt_bool, action = clap::ArgAction::Set)]
    pub stats: bool,

    /// Print the pipeline as it will run, adaptors explicit, and exit.
    #[arg(long = "print-pipeline-passes", num_args = 0..=1, require_equals = true, default_value = "false", default_missing_value = "true", value_parser = opt_bool, action = clap::ArgAction::Set)]
    pub print_pipeline_passes: bool,

    /// Log each pass run (`Running pass: ...`).
    #[arg(long = "debug-pass-manager", num_args = 0..=1, require_equals = true, default_value = "false", default_missing_value = "true", value_parser = opt_bool, action = clap::ArgAction::Set)]
    pub debug_pass_manager: bool,

    /// Write every remark as YAML to FILE.
    #[arg(long = "pass-remarks-output", value_name = "FILE")]
    pub pass_remarks_output: Option<String>,

    /// Only write remarks of passes matching RE to -pass-remarks-output.
    #[arg(long = "pass-remarks-filter", value_name = "RE")]
    pub pass_remarks_filter: Option<String>,

    /// Show remarks of passes matching RE for transformations done.
    #[arg(long = "pass-remarks", value_name = "RE")]
    pub pass_remarks: Option<String>,

    /// Show remarks of passes matching RE for transformations refused.
    #[arg(long = "pass-remarks-missed", value_name = "RE")]
    pub pass_remarks_missed: Option<String>,

    /// Show analysis remarks of passes matching RE.
    #[arg(long = "pass-remarks-analysis", value_name = "RE")]
    pub pass_remarks_analysis: Option<String>,

    /// Print a completion script for SHELL (bash, zsh, fish, elvish, powershell) and exit.
    #[arg(long = "generate-completions", value_name = "SHELL")]
    pub generate_completions: Option<clap_complete::Shell>,

    /// Print the manual page (roff) and exit.
    #[arg(long = "generate-man")]
    pub generate_man: bool,

    /// List the available passes and exit.
    #[arg(long = "list-passes", alias = "print-passes")]
    pub list_passes: bool,

    /// Uniformity semantics: `llvm` (LLVM 22's analysis) or `tokens` (the
    /// spec's controlled convergence; the default).
    #[arg(long = "uniformity", value_name = "MODE", default_value = "tokens")]
    pub uniformity: String,

    /// `loop-unroll`: use this unroll count (as opt's `-unroll-count`).
    #[arg(long = "unroll-count", value_name = "N")]
    pub unroll_count: Option<u32>,

    /// `loop-unroll`: allow runtime unrolling (a remainder loop); given,
    /// it overrides the target's default either way (as opt's).
    #[arg(long = "unroll-runtime", num_args = 0..=1, require_equals = true, default_missing_value = "true", value_parser = opt_bool)]
    pub unroll_runtime: Option<bool>,

    /// `loop-unroll`: allow partial unrolling; given, it overrides the
    /// target's default either way (as opt's).
    #[arg(long = "unroll-allow-partial", num_args = 0..=1, require_equals = true, default_missing_value = "true", value_parser = opt_bool)]
    pub unroll_allow_partial: Option<bool>,

    /// `loop-unroll`: size threshold for full unrolling.
    #[arg(long = "unroll-threshold", value_name = "N")]
    pub unroll_threshold: Option<u32>,

    /// `loop-unroll`: size threshold for partial and runtime unrolling (the
    /// unrolled loop's size).
    #[arg(long = "unroll-partial-threshold", value_name = "N")]
    pub unroll_partial_threshold: Option<u32>,

    /// `loop-unroll`: allow a remainder (when the count does not divide the
    /// trip count); `=false` unrolls only by counts that divide it.
    #[arg(long = "unroll-allow-remainder", num_args = 0..=1, require_equals = true, default_missing_value = "true", value_parser = opt_bool)]
    pub unroll_allow_remainder: Option<bool>,

    /// `loop-unroll`: where the remainder loop of runtime unrolling goes:
    /// after the unrolled loop (true, the default), or before it (false, a
    /// prologue).
    #[arg(long = "unroll-runtime-epilog", num_args = 0..=1, require_equals = true, default_missing_value = "true", value_parser = opt_bool)]
    pub unroll_runtime_epilog: Option<bool>,

    /// `loop-unroll`: give each unrolled copy of an integer reduction chain
    /// (add, mul, and, or, xor) its own accumulator, combined after the
    /// unrolled loop (runtime unrolling with a remainder after the loop, by
    /// at most 4, of a single-block loop; off by default).
    #[arg(long = "unroll-add-parallel-reductions", num_args = 0..=1, require_equals = true, default_missing_value = "true", value_parser = opt_bool)]
    pub unroll_add_parallel_reductions: Option<bool>,

    /// `loop-unroll`: how many iterations are simulated, at most, to
    /// estimate what full unrolling would simplify (default 10).
    #[arg(long = "unroll-max-iteration-count-to-analyze", value_name = "N")]
    pub unroll_max_iteration_count_to_analyze: Option<u32>,

    /// `loop-unroll`: the largest boost (in percent) of the full-unroll
    /// threshold granted when that simulation finds the unrolled code
    /// simplifies (default 400).
    #[arg(long = "unroll-max-percent-threshold-boost", value_name = "N")]
    pub unroll_max_percent_threshold_boost: Option<u32>,

    /// `loop-unroll`: peel this many iterations. Loops are not peeled:
    /// only 0 (no peeling forced) is accepted.
    #[arg(long = "unroll-peel-count", value_name = "N")]
    pub unroll_peel_count: Option<u32>,

    /// Turn off loop unrolling in opt's default pipelines (`-O2`). opt-conv
    /// has none; like opt, it leaves a `-passes=` pipeline alone.
    #[arg(long = "disable-loop-unrolling", num_args = 0..=1, require_equals = true, default_missing_value = "true", value_parser = opt_bool, default_value = "false", action = clap::ArgAction::Set)]
    pub disable_loop_unrolling: bool,

    /// The alias analyses of opt's pipelines (`basic-aa,tbaa`, `default`).
    /// opt-conv's passes reason about memory in their own fixed way, which
    /// no list changes; the names are checked and otherwise ignored.
    #[arg(long = "aa-pipeline", value_name = "AAS")]
    pub aa_pipeline: Option<String>,

    /// `jump-threading`: largest cost of a block it copies.
    #[arg(long = "jump-threading-threshold", value_name = "N")]
    pub jump_threading_threshold: Option<u32>,

    /// `jump-threading`: thread through and to loop headers too (LLVM's
    /// option, off by default: it may make loops irreducible). Copies still
    /// need the legality oracle's consent.
    #[arg(long = "jump-threading-across-loop-headers", num_args = 0..=1, require_equals = true, default_missing_value = "true", value_parser = opt_bool)]
    pub jump_threading_across_loop_headers: Option<bool>,

    /// `simplifycfg`: hoist common instructions of a branch's arms
    /// (overrides `simplifycfg<hoist-common-insts>`).
    #[arg(long = "hoist-common-insts", num_args = 0..=1, require_equals = true, default_missing_value = "true", value_parser = opt_bool)]
    pub hoist_common_insts: Option<bool>,

    /// `simplifycfg`: sink common instructions into the join (accepted;
    /// sinking is not done).
    #[arg(long = "sink-common-insts", num_args = 0..=1, require_equals = true, default_missing_value = "true", value_parser = opt_bool)]
    pub sink_common_insts: Option<bool>,

    /// `simplifycfg`: how many non-identical instructions hoisting may
    /// reorder across (default 20).
    #[arg(long = "simplifycfg-hoist-common-skip-limit", value_name = "N")]
    pub simplifycfg_hoist_common_skip_limit: Option<u32>,

    /// A switch of opt's SimplifyCFG for keeping the dominator tree up to
    /// date; opt-conv computes analyses when asked, so it changes nothing.
    #[arg(long = "simplifycfg-require-and-preserve-domtree", num_args = 0..=1, require_equals = true, default_missing_value = "true", value_parser = opt_bool)]
    pub simplifycfg_require_and_preserve_domtree: Option<bool>,

    /// `inline`: the cost threshold for inlining a call (LLVM's default 225).
    #[arg(long = "inline-threshold", value_name = "N", allow_negative_numbers = true)]
    pub inline_threshold: Option<i32>,

    /// Enable debug logging for a pass (maps to the tracing target `opt_conv::NAME`).
    #[arg(long = "debug-only", value_name = "NAME")]
    pub debug_only: Option<String>,

    /// Input file (`-` or nothing for stdin).
    #[arg(value_name = "FILE")]
    pub input: Option<String>,
}

/// A boolean option's value as opt spells it: `-flag` alone is true, and
/// `-flag=true|false|1|0` (any case) sets it.
fn opt_bool(s: &str) -> Result<bool, String> {
    match s.to_ascii_lowercase().as_str() {
        "true" | "1" => Ok(true),
        "false" | "0" => Ok(false),
        _ => Err(format!("'{s}' is invalid value for boolean argument! Try 0 or 1")),
    }
}

/// Rewrites LLVM-style single-dash long options (`-passes=x`) to the double
/// dash clap expects. Single-letter options (`-S`, `-o`, `-p`) and `-` stay.
pub fn normalize(args: Vec<OsString>) -> Vec<OsString> {
    let mut out = Vec::with_capacity(args.len());
    let mut rest_are_positional = false;
    for (i, a) in args.into_iter().enumerate() {
        if i == 0 || rest_are_positional {
            out.push(a);
            continue;
        }
        let Some(s) = a.to_str() else {
            out.push(a);
            continue;
        };
        if s == "--" {
            rest_are_positional = true;
            out.push(a);
            continue;
        }
        // `-j4` is the short option with its value attached, as in make.
        let is_short_j = s.strip_prefix("-j").is_some_and(|n| n.bytes().all(|c| c.is_ascii_digit()));
        let is_single_dash_long = s.starts_with('-')
            && !s.starts_with("--")
            && s.len() > 2
            && !(s.len() > 2 && s.as_bytes()[2] == b'=')
            && !is_short_j;
        if is_single_dash_long {
            out.push(OsString::from(format!("-{s}")));
        } else {
            out.push(a);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Cli {
        let v: Vec<OsString> = std::iter::once("opt-conv").chain(args.iter().copied()).map(OsString::from).collect();
        Cli::try_parse_from(normalize(v)).unwrap()
    }

    #[test]
    fn single_dash_long_options() {
        let c = parse(&["-passes=sink", "-S", "in.ll"]);
        assert_eq!(c.passes.as_deref(), Some("sink"));
        assert!(c.text);
        assert_eq!(c.input.as_deref(), Some("in.ll"));
        let c = parse(&["-print-after-all", "-passes", "sink", "-verify-each", "-disable-output"]);
        assert!(c.print_after_all && c.verify_each && c.disable_output);
        assert_eq!(c.passes.as_deref(), Some("sink"));
        let c = parse(&["-p", "sink", "-o", "out.ll", "-"]);
        assert_eq!(c.passes.as_deref(), Some("sink"));
        assert_eq!(c.output.as_deref(), Some("out.ll"));
        assert_eq!(c.input.as_deref(), Some("-"));
        let c = parse(&["--passes=a", "-passes=b"]);
        assert_eq!(c.passes.as_deref(), Some("b"), "the last repetition wins");
        let c = parse(&["-p=sink", "-mtriple=amdgcn--", "-pass-remarks-missed=sink"]);
        assert_eq!(c.passes.as_deref(), Some("sink"));
        assert_eq!(c.mtriple.as_deref(), Some("amdgcn--"));
        assert_eq!(c.pass_remarks_missed.as_deref(), Some("sink"));
    }

    #[test]
    fn boolean_options_take_opts_values() {
        assert_eq!(parse(&["-unroll-runtime"]).unroll_runtime, Some(true));
        assert_eq!(parse(&["-unroll-runtime=true"]).unroll_runtime, Some(true));
        assert_eq!(parse(&["-unroll-runtime=1", "-unroll-allow-partial=TRUE"]).unroll_allow_partial, Some(true));
        assert_eq!(parse(&["-unroll-runtime=false"]).unroll_runtime, Some(false));
        assert_eq!(parse(&[]).unroll_runtime_epilog, None);
        assert_eq!(parse(&["-unroll-runtime-epilog"]).unroll_runtime_epilog, Some(true));
        assert_eq!(parse(&["-unroll-runtime-epilog=false"]).unroll_runtime_epilog, Some(false));
        assert_eq!(parse(&["-unroll-allow-remainder=0"]).unroll_allow_remainder, Some(false));
        assert_eq!(parse(&["-aa-pipeline", "basic-aa", "in.ll"]).aa_pipeline.as_deref(), Some("basic-aa"));
        assert!(!parse(&["-verify-each=0"]).verify_each);
        assert_eq!(parse(&["-j", "4"]).threads, Some(4));
        assert_eq!(parse(&["-j4"]).threads, Some(4));
        assert_eq!(parse(&["-j=2"]).threads, Some(2));
        assert_eq!(parse(&["-threads=3"]).threads, Some(3));
        assert_eq!(parse(&[]).threads, None);
        assert_eq!(parse(&[]).unroll_runtime, None);
        // A value needs '=': a following word is the input file.
        let c = parse(&["-unroll-runtime", "in.ll"]);
        assert_eq!(c.unroll_runtime, Some(true));
        assert_eq!(c.input.as_deref(), Some("in.ll"));
        let v: Vec<OsString> = ["opt-conv", "-unroll-runtime=maybe"].iter().map(OsString::from).collect();
        assert!(Cli::try_parse_from(normalize(v)).is_err());
    }

    #[test]
    fn unknown_option_is_an_error() {
        let v: Vec<OsString> = ["opt-conv", "-frob"].iter().map(OsString::from).collect();
        assert!(Cli::try_parse_from(normalize(v)).is_err());
    }
}
