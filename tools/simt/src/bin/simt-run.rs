//! `simt-run`: run a function for N SIMT threads and print what each did,
//! or check two versions of it for equivalence.
//!
//! ```text
//! simt-run --threads N --func F [--seed S] [--args a,b,...] file.ll
//! simt-run --equiv before.ll after.ll --func F [--threads N] [--trials K] [--seed S]
//! ```
//!
//! Exit status 0 on success (or equivalence), 1 on any error or a
//! counterexample; errors go to stderr.

use clap::Parser;
use opt_conv_ir::Module;
use opt_conv_simt::inputs::{Pattern, Rng, generate, parse};
use opt_conv_simt::{EquivConfig, Program, RunConfig, check_equivalence, render::render, run};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(name = "simt-run", about = "Reference SIMT executor with convergence-token semantics")]
struct Args {
    /// The function to run.
    #[arg(long)]
    func: String,
    /// Threads in the subgroup (1 to 64); with --equiv, the largest count tried.
    #[arg(long)]
    threads: Option<u32>,
    /// Seed for generated arguments.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Arguments: per parameter a literal, `tid`, `a:b:c` (per thread) or `rand`.
    #[arg(long, allow_hyphen_values = true)]
    args: Option<String>,
    /// Instructions each thread may execute (default 100000; 20000 per run with --equiv).
    #[arg(long)]
    fuel: Option<u64>,
    /// Check that AFTER only does what BEFORE allows.
    #[arg(long, num_args = 2, value_names = ["BEFORE", "AFTER"])]
    equiv: Option<Vec<PathBuf>>,
    /// Trials for --equiv.
    #[arg(long, default_value_t = 100)]
    trials: u32,
    /// The module to run.
    file: Option<PathBuf>,
}

fn load(path: &PathBuf) -> Result<Module, String> {
    let name = path.display().to_string();
    let src = std::fs::read_to_string(path).map_err(|e| format!("simt-run: cannot read {name}: {e}"))?;
    let (m, _) = opt_conv_ir::parse_module(&name, &src).map_err(|e| e.to_string())?;
    if let Err(errs) = opt_conv_ir::verify_module(&m) {
        let msgs: Vec<String> = errs.iter().map(|e| format!("{name}: error: {}", e.to_string().trim_end())).collect();
        return Err(msgs.join("\n"));
    }
    Ok(m)
}

fn main_inner(a: Args) -> Result<String, String> {
    let fuel = a.fuel.unwrap_or(if a.equiv.is_some() { 20_000 } else { 100_000 });
    let run_config = RunConfig { threads: a.threads.unwrap_or(8), fuel, ..Default::default() };
    if let Some(files) = &a.equiv {
        if a.file.is_some() {
            return Err("simt-run: --equiv takes exactly two files".into());
        }
        let (before, after) = (load(&files[0])?, load(&files[1])?);
        let max = a.threads.unwrap_or(8).clamp(1, 64);
        let mut threads = vec![max];
        threads.extend([4, 3, 2, 5, 1].into_iter().filter(|&n| n < max));
        let cfg = EquivConfig { threads, trials: a.trials, seed: a.seed, run: run_config, ..EquivConfig::default() };
        return match check_equivalence(&before, &after, &a.func, &cfg) {
            Ok(()) => Ok(format!("equivalent: @{} ({} trials)\n", a.func, a.trials)),
            Err(c) => Err(c.to_string().trim_end().to_owned()),
        };
    }
    let Some(file) = &a.file else { return Err("simt-run: no input file".into()) };
    let m = load(file)?;
    let prog = Program::new(&m).map_err(|e| format!("simt-run: {e}"))?;
    let f = m.func_by_name(&a.func).ok_or_else(|| format!("simt-run: no function @{} in the module", a.func))?;
    let body = m.body(f).ok_or_else(|| format!("simt-run: @{} has no body", a.func))?;
    let params: Vec<_> = body.params().iter().map(|&v| body.dfg().value_type(v)).collect();
    if !(1..=64).contains(&run_config.threads) {
        return Err(format!("simt-run: --threads must be between 1 and 64, got {}", run_config.threads));
    }
    let inputs = match &a.args {
        Some(spec) => parse(&prog.tcx, spec, &params, run_config.threads, a.seed),
        None => {
            let uniform = opt_conv_simt::equiv::uniform_params(&m, &a.func, params.len());
            generate(&prog.tcx, &params, &uniform, run_config.threads, Pattern::PerThread, &mut Rng::new(a.seed))
        }
    }
    .map_err(|e| format!("simt-run: {e}"))?;
    let r = run(&prog, &a.func, &inputs, &run_config).map_err(|e| format!("simt-run: {e}"))?;
    Ok(render(&prog, &a.func, &r))
}

fn main() -> ExitCode {
    let args = match Args::try_parse() {
        Ok(a) => a,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 1 } else { 0 });
        }
    };
    match main_inner(args) {
        Ok(out) => {
            let _ = std::io::stdout().lock().write_all(out.as_bytes());
            ExitCode::SUCCESS
        }
        Err(msg) => {
            let _ = writeln!(std::io::stderr().lock(), "{msg}");
            ExitCode::from(1)
        }
    }
}
