//! The `opt-conv` driver as a library, so tests run it in-process.
//!
//! Flow (as `opt`): parse the pipeline, read and parse the input, verify it
//! (unless `-disable-verify`), run the pipeline, verify the result, write
//! it. Errors in the input are reported as `file:line:col: error: message`
//! with the source line and a caret, and exit with status 1. A module that
//! a pass broke is an internal error (status 2). No output file is created
//! unless everything succeeded.

pub mod cli;
pub mod guide;
mod output;

use opt_conv_ir::text::{ParseError, SourceMap};
use opt_conv_ir::{Module, VerifyError};
use opt_conv_passes::{Options, Remarks, RunError};
use std::ffi::OsString;
use std::io::{Read, Write};

/// The fixed program name used in diagnostics (stable across install paths).
pub const PROG: &str = "opt-conv";

/// Sets up `tracing` from `RUST_LOG` (and `-debug-only=NAME`), writing to stderr.
pub fn init_tracing(args: &[OsString]) {
    use tracing_subscriber::EnvFilter;
    use tracing_subscriber::filter::LevelFilter;
    let mut filter = EnvFilter::builder().with_default_directive(LevelFilter::WARN.into()).from_env_lossy();
    for a in args {
        if let Some(name) =
            a.to_str().and_then(|s| s.strip_prefix("-debug-only=").or_else(|| s.strip_prefix("--debug-only=")))
        {
            for n in name.split(',') {
                if let Ok(d) = format!("opt_conv::{n}=debug").parse() {
                    filter = filter.add_directive(d);
                }
            }
        }
    }
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .without_time()
        .try_init();
}

/// A failure of the driver, with its exit status.
struct Failure {
    text: String,
    code: u8,
}

fn fail(text: impl Into<String>) -> Failure {
    Failure { text: text.into(), code: 1 }
}

/// What becomes of the module's memory when a run is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Teardown {
    /// Free it (for callers that go on, such as tests).
    Free,
    /// Leave it to the operating system: the process is about to exit, and
    /// freeing millions of small allocations one by one costs about a sixth
    /// of a large run (clang's `-disable-free` does the same).
    Leak,
}

impl Teardown {
    fn dispose<T>(self, x: T) {
        if self == Teardown::Leak {
            std::mem::forget(x);
        }
    }
}

/// Runs opt-conv with `args` (including the program name). Returns the exit status.
pub fn run_main(args: Vec<OsString>, stdin: &mut dyn Read, stdout: &mut dyn Write, stderr: &mut dyn Write) -> u8 {
    Driver::new().run_main(args, stdin, stdout, stderr)
}

/// [`run_main`], choosing what becomes of the module's memory at the end.
pub fn run_main_with(
    args: Vec<OsString>,
    stdin: &mut dyn Read,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
    teardown: Teardown,
) -> u8 {
    Driver::new().teardown(teardown).run_main(args, stdin, stdout, stderr)
}

/// An `opt-conv`-compatible driver with passes of your own: every flag,
/// diagnostic and output behaviour of `opt-conv`, and the registered passes
/// usable anywhere in `-passes=` (inside `function(...)` too).
///
/// ```no_run
/// use opt_conv_passes::{FunctionCx, FunctionPass, PassBox, PassError, PassInfo, PassKind};
/// use opt_conv_ir::{Changes, Function};
///
/// struct Nothing;
/// impl FunctionPass for Nothing {
///     fn name(&self) -> &'static str { "nothing" }
///     fn run(&self, _: &mut Function, _: &mut FunctionCx<'_>) -> Result<Changes, PassError> {
///         Ok(Changes::NONE)
///     }
/// }
/// static NOTHING: PassInfo = PassInfo {
///     name: "nothing",
///     kind: PassKind::Function,
///     params: "",
///     description: "does nothing",
///     build: |_| Ok(PassBox::Function(Box::new(Nothing))),
/// };
///
/// fn main() -> std::process::ExitCode {
///     opt_conv::Driver::new().pass(&NOTHING).main()
/// }
/// ```
#[derive(Clone)]
pub struct Driver {
    registry: opt_conv_passes::Registry,
    options: Vec<clap::Arg>,
    teardown: Teardown,
}

impl Default for Driver {
    fn default() -> Self {
        Driver::new()
    }
}

impl Driver {
    /// A driver with opt-conv's own passes.
    pub fn new() -> Self {
        Driver { registry: opt_conv_passes::Registry::builtin(), options: Vec::new(), teardown: Teardown::Free }
    }

    /// Registers a pass.
    ///
    /// # Panics
    /// If its name is taken: a driver that registers a name twice is a bug
    /// in the driver, found the first time it runs.
    pub fn pass(mut self, info: &'static opt_conv_passes::PassInfo) -> Self {
        if let Err(e) = self.registry.register(info) {
            panic!("{e}");
        }
        self
    }

    /// Adds a command-line option for your passes (spell its long name as
    /// opt would: `-my-threshold=N` on the command line is
    /// `clap::Arg::new("my-threshold").long("my-threshold")`). Its value
    /// reaches passes as `cx.options.extra["my-threshold"]` (`"true"` for a
    /// flag), when given.
    pub fn option(mut self, arg: clap::Arg) -> Self {
        self.options.push(arg);
        self
    }

    /// What becomes of the module's memory at the end of a run.
    pub fn teardown(mut self, teardown: Teardown) -> Self {
        self.teardown = teardown;
        self
    }

    /// Runs as a process's `main`: arguments, standard streams, exit status.
    pub fn main(self) -> std::process::ExitCode {
        let args: Vec<OsString> = std::env::args_os().collect();
        init_tracing(&args);
        let code = self.teardown(Teardown::Leak).run_main(
            args,
            &mut std::io::stdin().lock(),
            &mut std::io::stdout().lock(),
            &mut std::io::stderr(),
        );
        std::process::ExitCode::from(code)
    }

    /// Runs with `args` (including the program name). Returns the exit status.
    pub fn run_main(
        &self,
        args: Vec<OsString>,
        stdin: &mut dyn Read,
        stdout: &mut dyn Write,
        stderr: &mut dyn Write,
    ) -> u8 {
        let (cli, extra) = match self.parse_args(args) {
            Ok(c) => c,
            Err((text, code)) => {
                if code == 0 {
                    let _ = write!(stdout, "{text}");
                } else {
                    let _ = write!(stderr, "{text}");
                }
                return code;
            }
        };
        if cli.generate_completions.is_some() || cli.generate_man {
            return self.generate(&cli, stdout, stderr);
        }
        let mut err_text = String::new();
        let code = match run(&cli, extra, &self.registry, stdin, stdout, &mut err_text, self.teardown) {
            Ok(()) => 0,
            Err(f) => {
                err_text.push_str(&f.text);
                f.code
            }
        };
        let _ = stderr.write_all(err_text.as_bytes());
        code
    }

    /// The command line as clap describes it, the driver's options included.
    fn command(&self) -> clap::Command {
        use clap::CommandFactory;
        cli::Cli::command().args(self.options.iter().cloned())
    }

    /// `--generate-completions=SHELL` and `--generate-man`.
    fn generate(&self, cli: &cli::Cli, stdout: &mut dyn Write, stderr: &mut dyn Write) -> u8 {
        let mut cmd = self.command();
        let mut out = Vec::new();
        if let Some(shell) = cli.generate_completions {
            clap_complete::generate(shell, &mut cmd, PROG, &mut out);
        } else if let Err(e) = clap_mangen::Man::new(cmd).render(&mut out) {
            let _ = writeln!(stderr, "{PROG}: error: could not render the manual page: {e}");
            return 1;
        }
        match stdout.write_all(&out) {
            Ok(()) => 0,
            Err(e) => {
                let _ = writeln!(stderr, "{PROG}: error writing to stdout: {e}");
                1
            }
        }
    }

    /// The command line: opt-conv's own options and the driver's.
    fn parse_args(&self, args: Vec<OsString>) -> Result<(cli::Cli, Extra), (String, u8)> {
        use clap::FromArgMatches;
        let cmd = self.command();
        let parsed =
            cmd.try_get_matches_from(cli::normalize(args)).and_then(|m| Ok((cli::Cli::from_arg_matches(&m)?, m)));
        match parsed {
            Ok((c, m)) => {
                let mut extra = Extra::new();
                for a in &self.options {
                    let id = a.get_id().as_str();
                    if a.get_action().takes_values() {
                        if let Some(v) = m.get_one::<String>(id) {
                            extra.insert(id.to_owned(), v.clone());
                        }
                    } else if m.get_flag(id) {
                        extra.insert(id.to_owned(), "true".to_owned());
                    }
                }
                Ok((c, extra))
            }
            Err(e) => {
                let code = match e.kind() {
                    clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion => 0,
                    _ => 1,
                };
                let text = match (e.kind(), e.get(clap::error::ContextKind::InvalidArg)) {
                    // opt's wording; options are spelled with one dash, as typed.
                    (clap::error::ErrorKind::UnknownArgument, Some(clap::error::ContextValue::String(a))) => {
                        let a = a.strip_prefix('-').filter(|x| x.starts_with('-') && x.len() > 2).unwrap_or(a);
                        format!("{PROG}: Unknown command line argument '{a}'.  Try: '{PROG} --help'\n")
                    }
                    _ if code == 0 => e.render().to_string(),
                    _ => format!("{PROG}: {}", e.render()),
                };
                Err((text, code))
            }
        }
    }
}

/// Values of a driver's own options, by name.
type Extra = std::collections::BTreeMap<String, String>;

fn run(
    cli: &cli::Cli,
    extra: Extra,
    registry: &opt_conv_passes::Registry,
    stdin: &mut dyn Read,
    stdout: &mut dyn Write,
    diag: &mut String,
    teardown: Teardown,
) -> Result<(), Failure> {
    if cli.list_passes {
        let _ = stdout.write_all(list_passes_of(registry).as_bytes());
        return Ok(());
    }
    // The pipeline first: a typo should not wait for a large input.
    let pipeline = opt_conv_passes::parse_pipeline(cli.passes.as_deref().unwrap_or(""))
        .map_err(|e| fail(format!("{PROG}: {e}\n")))?;
    let (steps, pipeline_text) = registry.build_with_text(&pipeline).map_err(|e| fail(format!("{PROG}: {e}\n")))?;
    check_option_values(cli)?;
    if cli.print_pipeline_passes {
        // As opt: the pipeline that will run, the final verifier included.
        let verify = if cli.disable_verify {
            ""
        } else if pipeline_text.is_empty() {
            "verify"
        } else {
            ",verify"
        };
        let _ = writeln!(stdout, "{pipeline_text}{verify}");
        return Ok(());
    }
    if let Some(names) = cli.debug_only.as_deref() {
        for n in names.split(',').filter(|n| !opt_conv_passes::instrument::DEBUG_TARGETS.contains(n)) {
            diag.push_str(&format!(
                "{PROG}: warning: -debug-only: no debug output is named '{n}'; known names: {}\n",
                opt_conv_passes::instrument::DEBUG_TARGETS.join(", ")
            ));
        }
    }
    let remarks_filter = cli
        .pass_remarks_filter
        .as_deref()
        .map(regex::Regex::new)
        .transpose()
        .map_err(|e| fail(format!("{PROG}: invalid regular expression for -pass-remarks-filter: {e}\n")))?;

    // opt writes bitcode without -S; a `.bc` output would silently be text.
    if let Some(out) = cli.output.as_deref().filter(|o| o.ends_with(".bc") && !cli.text && !cli.disable_output) {
        return Err(fail(format!(
            "{PROG}: {out}: error: bitcode output is not supported; write text with -S (and convert it with llvm-as)\n"
        )));
    }
    let input = cli.input.as_deref().unwrap_or("-");
    let (name, bytes) = read_input(input, stdin)?;
    // Instruction offsets are only wanted to locate a broken input's
    // problems: that rare case parses again to get them.
    let (mut module, _) = load(&name, &bytes, cli.mtriple.as_deref(), cli.data_layout.as_deref(), false)?;
    // As opt: a target we know nothing of is an error, not a silent default.
    if let Some(t) = module.triple.as_deref() {
        let t = String::from_utf8_lossy(t);
        if let Some(arch) = opt_conv_ir::datalayout::unrecognized_arch(&t) {
            return Err(fail(format!("{PROG}: unrecognized architecture '{arch}' provided.\n")));
        }
    }
    // As opt: `-mcpu` becomes every function's "target-cpu" unless it has one.
    if let Some(cpu) = cli.mcpu.as_deref().filter(|c| !c.is_empty()) {
        let funcs: Vec<_> = module.functions().collect();
        for fid in funcs {
            let decl = module.func_mut(fid).expect("a function");
            if !decl.fn_attrs.has_str("target-cpu") {
                decl.fn_attrs.insert(opt_conv_ir::Attr::Str("target-cpu".into(), Some(cpu.into())));
            }
        }
    }
    if !cli.disable_verify {
        let errs = opt_conv_passes::verify::verify_all(&module);
        if !errs.is_empty() {
            let src = String::from_utf8_lossy(&bytes);
            let (_, map) = load(&name, &bytes, cli.mtriple.as_deref(), cli.data_layout.as_deref(), true)?;
            let mut text = render_verify_errors(&name, &src, &module, &map, &errs);
            text.push_str(&format!("{PROG}: {name}: error: input module is broken!\n"));
            return Err(fail(text));
        }
    }
    // Nothing reports against the input text from here on: its bytes are
    // freed now rather than held through the pipeline and the printing.
    drop(bytes);
    let regex = |r: &Option<String>, flag: &str| -> Result<Option<regex::Regex>, Failure> {
        r.as_deref()
            .map(|s| {
                regex::Regex::new(s).map_err(|e| fail(format!("{PROG}: invalid regular expression for -{flag}: {e}\n")))
            })
            .transpose()
    };
    let mut remarks = Remarks::new(
        &name,
        regex(&cli.pass_remarks, "pass-remarks")?,
        regex(&cli.pass_remarks_missed, "pass-remarks-missed")?,
        regex(&cli.pass_remarks_analysis, "pass-remarks-analysis")?,
    );
    let uniformity = cli.uniformity.parse().map_err(|e| fail(format!("{PROG}: {e}\n")))?;
    let threads = match cli.threads {
        Some(n) => n as usize,
        None => std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
    };
    let options = Options {
        verify_each: cli.verify_each,
        verified_input: !cli.disable_verify,
        threads,
        instrument: opt_conv_passes::instrument::Instrumentation {
            print_after_all: cli.print_after_all,
            print_before_all: cli.print_before_all,
            print_after: cli.print_after.clone(),
            print_before: cli.print_before.clone(),
            print_changed: cli.print_changed,
            filter_print_funcs: cli.filter_print_funcs.clone(),
            bisect_limit: cli.opt_bisect_limit,
            time_passes: cli.time_passes,
            debug_pass_manager: cli.debug_pass_manager,
        },
        triple: cli.mtriple.clone(),
        uniformity,
        unroll: opt_conv_passes::UnrollOptions {
            count: cli.unroll_count,
            runtime: cli.unroll_runtime,
            allow_partial: cli.unroll_allow_partial,
            threshold: cli.unroll_threshold,
            partial_threshold: cli.unroll_partial_threshold,
            max_iterations_to_analyze: cli.unroll_max_iteration_count_to_analyze,
            max_percent_threshold_boost: cli.unroll_max_percent_threshold_boost,
            allow_remainder: cli.unroll_allow_remainder,
            runtime_epilog: cli.unroll_runtime_epilog,
            add_parallel_reductions: cli.unroll_add_parallel_reductions,
        },
        jump_threading_threshold: cli.jump_threading_threshold,
        jump_threading_across_loop_headers: cli.jump_threading_across_loop_headers.unwrap_or(false),
        simplifycfg: opt_conv_passes::SimplifyCfgOptions {
            hoist_common_insts: cli.hoist_common_insts,
            sink_common_insts: cli.sink_common_insts,
            hoist_common_skip_limit: cli.simplifycfg_hoist_common_skip_limit,
        },
        inline_threshold: cli.inline_threshold,
        extra,
    };
    let result = opt_conv_passes::run_pipeline(&steps, &mut module, &mut remarks, diag, &options);
    diag.push_str(&remarks.render_shown());
    if cli.stats {
        diag.push_str(&remarks.render_statistics());
    }
    if let Some(path) = cli.pass_remarks_output.as_deref() {
        let yaml = remarks.render_yaml(remarks_filter.as_ref());
        write_output_file(path, yaml.as_bytes())?;
    }
    let outcome = match result {
        Ok(outcome) => outcome,
        Err(RunError::Pass(e)) => return Err(fail(format!("{e}\n"))),
        Err(e @ RunError::BrokenAfterPass { .. }) => return Err(Failure { text: format!("{e}\n"), code: 2 }),
    };
    // Skipped when a verification since the last change already passed
    // (`-passes=verify`, printers): the module is the one it checked.
    if !cli.disable_verify && !outcome.verified {
        let errs = opt_conv_passes::verify::verify_all(&module);
        if !errs.is_empty() {
            let text = opt_conv_passes::verify::render(&module, &errs);
            return Err(Failure {
                text: format!("{text}{PROG}: error: broken module found after the pipeline, compilation aborted\n"),
                code: 2,
            });
        }
    }
    if cli.disable_output {
        if cli.output.is_some() {
            diag.push_str(
                "WARNING: The -o (output filename) option is ignored when\nthe --disable-output option is used.\n",
            );
        }
        teardown.dispose(module);
        return Ok(());
    }
    // The text is written as it is printed, never held whole in memory.
    let written = match cli.output.as_deref() {
        None | Some("-") => {
            if let Err(e) = opt_conv_ir::write_module_to(&module, stdout).and_then(|()| stdout.flush())
                && e.kind() != std::io::ErrorKind::BrokenPipe
            {
                Err(fail(format!("{PROG}: error writing to stdout: {e}\n")))
            } else {
                Ok(())
            }
        }
        Some(path) => {
            output::write_output_with(std::path::Path::new(path), &mut |w| opt_conv_ir::write_module_to(&module, w))
                .map_err(|e| fail(format!("{PROG}: {path}: error: could not write output: {e}\n")))
        }
    };
    teardown.dispose(module);
    written
}

fn read_input(input: &str, stdin: &mut dyn Read) -> Result<(String, Vec<u8>), Failure> {
    let mut bytes = Vec::new();
    if input == "-" {
        stdin
            .read_to_end(&mut bytes)
            .map_err(|e| fail(format!("{PROG}: <stdin>: error: Could not read input: {e}\n")))?;
        Ok(("<stdin>".to_owned(), bytes))
    } else {
        bytes = std::fs::read(input).map_err(|e| {
            let why = match e.kind() {
                std::io::ErrorKind::NotFound => "No such file or directory".to_owned(),
                _ => e.to_string(),
            };
            fail(format!("{PROG}: {input}: error: Could not open input file: {why}\n"))
        })?;
        Ok((input.to_owned(), bytes))
    }
}

/// Parses and checks a module from raw bytes, mapping every problem to a
/// located diagnostic.
pub fn load_module(name: &str, bytes: &[u8]) -> Result<(Module, SourceMap), String> {
    load(name, bytes, None, None, true).map_err(|f| f.text)
}

/// Parses the input as opt does with the same `-mtriple` and `-data-layout`.
fn load(
    name: &str,
    bytes: &[u8],
    triple: Option<&str>,
    datalayout: Option<&str>,
    inst_offsets: bool,
) -> Result<(Module, SourceMap), Failure> {
    // Bitcode (raw, or in its wrapper) is not read: say so instead of
    // reporting the bytes as invalid text.
    if bytes.starts_with(b"BC\xC0\xDE") || bytes.starts_with(&[0xDE, 0xC0, 0x17, 0x0B]) {
        return Err(fail(format!(
            "{PROG}: {name}: error: bitcode input is not supported; convert it to text with llvm-dis\n"
        )));
    }
    let src = match std::str::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => {
            let lossy = String::from_utf8_lossy(bytes);
            let err = ParseError::at(name, &lossy, e.valid_up_to(), "invalid UTF-8 in input");
            return Err(fail(format!("{PROG}: {err}")));
        }
    };
    // An empty (or comment-only) file is an empty module, as for opt.
    opt_conv_ir::text::parse_module_with_layout(name, src, triple, datalayout, inst_offsets)
        .map_err(|e| fail(format!("{PROG}: {e}")))
}

/// Verifier errors, located where the source map knows the instruction.
pub fn render_verify_errors(name: &str, src: &str, m: &Module, map: &SourceMap, errs: &[VerifyError]) -> String {
    let mut out = String::new();
    for e in errs {
        let off = match (e.func, e.inst) {
            (Some(f), Some(i)) => map.inst_offset(f, i),
            (Some(f), None) => map.funcs.get(&f).copied(),
            (None, _) => e.md.and_then(|md| map.md_defs.get(&md).copied()),
        };
        match off {
            Some(off) => {
                let located = ParseError::at(name, src, off, e.message.clone());
                out.push_str(&format!("{PROG}: {located}"));
                // The offending instruction is usually the source line just
                // shown; print LLVM's notes except that exact repetition.
                let shown = located.source_line.as_deref().map(str::trim).unwrap_or("");
                for n in e.notes.iter().filter(|n| n.trim() != shown) {
                    out.push_str(n);
                    out.push('\n');
                }
            }
            None => out.push_str(&e.to_string()),
        }
    }
    let _ = m;
    out
}

fn write_output_file(path: &str, bytes: &[u8]) -> Result<(), Failure> {
    output::write_output(std::path::Path::new(path), bytes)
        .map_err(|e| fail(format!("{PROG}: {path}: error: could not write output: {e}\n")))
}

/// Option values opt accepts that opt-conv cannot honour are errors (a run
/// that silently did something else would be worse), and `-aa-pipeline`
/// must name LLVM's alias analyses, as in opt.
fn check_option_values(cli: &cli::Cli) -> Result<(), Failure> {
    if let Some(n) = cli.unroll_peel_count.filter(|&n| n > 0) {
        return Err(fail(format!("{PROG}: error: '-unroll-peel-count={n}' is not supported: loops are not peeled\n")));
    }
    const ALIAS_ANALYSES: &[&str] =
        &["default", "basic-aa", "objc-arc-aa", "scev-aa", "scoped-noalias-aa", "tbaa", "globals-aa"];
    if let Some(aas) = cli.aa_pipeline.as_deref()
        && let Some(bad) = aas.split(',').filter(|a| !a.is_empty()).find(|a| !ALIAS_ANALYSES.contains(a))
    {
        return Err(fail(format!("{PROG}: unknown alias analysis name '{bad}'\n")));
    }
    Ok(())
}

/// `--list-passes`: opt's `-print-passes` layout.
pub fn list_passes() -> String {
    list_passes_of(&opt_conv_passes::Registry::builtin())
}

fn list_passes_of(registry: &opt_conv_passes::Registry) -> String {
    use opt_conv_passes::PassKind;
    let mut s = String::new();
    for (title, kind) in [
        ("Module passes:", PassKind::Module),
        ("Function passes:", PassKind::Function),
        ("Loop passes:", PassKind::Loop),
    ] {
        s.push_str(title);
        s.push('\n');
        for p in registry.iter().filter(|p| p.kind == kind) {
            s.push_str(&format!("  {}{}\n      {}\n", p.name, p.params, p.description));
        }
    }
    s
}
