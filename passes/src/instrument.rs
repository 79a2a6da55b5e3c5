//! Pass instrumentation: opt's debugging flags, in opt's output formats.
//!
//! | flag | what it does |
//! |---|---|
//! | `-print-after-all`, `-print-before-all`, `-print-after=P`, `-print-before=P` | `; *** IR Dump After SinkingPass on f ***` and the function |
//! | `-print-changed` | the module at start, then a dump only after passes that changed something |
//! | `-filter-print-funcs=f,g` | dumps of other functions are left out |
//! | `-opt-bisect-limit=N` | passes after the N-th are skipped: `BISECT: running pass (N) sink on f` |
//! | `-time-passes` | "Pass execution timing report" (wall time only) |
//! | `-debug-pass-manager` | `Running pass: SinkingPass on f (12 instructions)` |
//!
//! Everything goes to the diagnostic stream, as opt writes it to stderr.
//! The pass manager calls [`Instrumenter::before`] and
//! [`Instrumenter::after`] around every pass run; nothing here changes what
//! a pass does, except `-opt-bisect-limit`, which skips it.

use opt_conv_ir::text::ModulePrinter;
use opt_conv_ir::{Changes, FuncId, Module};
use std::time::{Duration, Instant};

/// The debugging flags, as given on the command line.
#[derive(Clone, Debug, Default)]
pub struct Instrumentation {
    /// `-print-after-all`.
    pub print_after_all: bool,
    /// `-print-before-all`.
    pub print_before_all: bool,
    /// `-print-after=P1,P2`: pipeline names of passes to dump after.
    pub print_after: Vec<String>,
    /// `-print-before=P1,P2`.
    pub print_before: Vec<String>,
    /// `-print-changed`.
    pub print_changed: bool,
    /// `-filter-print-funcs=f,g` (empty: every function).
    pub filter_print_funcs: Vec<String>,
    /// `-opt-bisect-limit=N` (`None` or a negative limit: run everything).
    pub bisect_limit: Option<i64>,
    /// `-time-passes`.
    pub time_passes: bool,
    /// `-debug-pass-manager`.
    pub debug_pass_manager: bool,
}

/// What a pass run is applied to, for the dump headers.
#[derive(Clone, Copy, Debug)]
pub enum Unit {
    /// One function.
    Function(FuncId),
    /// The whole module (module passes).
    Module,
}

/// The names a pass is known by.
#[derive(Clone, Copy, Debug)]
pub struct PassNames {
    /// Pipeline name (`sink`).
    pub name: &'static str,
    /// LLVM's class name (`SinkingPass`).
    pub class: &'static str,
}

/// The names `-debug-only=` knows: the `tracing` targets under
/// `opt_conv::` (a test checks this list against the sources).
pub const DEBUG_TARGETS: &[&str] = &[
    "cfg",
    "dce",
    "hoist",
    "infer-convergence-tokens",
    "inline",
    "instsimplify",
    "jump-threading",
    "loop-simplify",
    "loop-unroll",
    "oracle",
    "pm",
    "remarks",
    "sink",
];

/// State of the instrumentation over one pipeline run.
pub struct Instrumenter<'a> {
    flags: &'a Instrumentation,
    bisect_count: i64,
    started: Option<Instant>,
    /// Accumulated time per class name, in order of first run.
    times: Vec<(&'static str, Duration)>,
}

impl<'a> Instrumenter<'a> {
    /// Starts instrumenting a run; `-print-changed` dumps the module as it starts.
    pub fn new(flags: &'a Instrumentation, m: &Module, out: &mut String) -> Self {
        if flags.print_changed {
            out.push_str("*** IR Dump At Start ***\n");
            out.push_str(&opt_conv_ir::print_module(m));
        }
        Instrumenter { flags, bisect_count: 0, started: None, times: Vec::new() }
    }

    /// Whether no flag asks for anything between passes (dumps, bisection,
    /// timing, pass-manager logging): passes may then run in any order.
    pub fn is_quiet(&self) -> bool {
        let f = self.flags;
        !(f.print_after_all
            || f.print_before_all
            || !f.print_after.is_empty()
            || !f.print_before.is_empty()
            || f.print_changed
            || f.bisect_limit.is_some_and(|l| l >= 0)
            || f.time_passes
            || f.debug_pass_manager)
    }

    /// Called before a pass runs on `unit`. Returns false when
    /// `-opt-bisect-limit` says to skip it.
    pub fn before(&mut self, m: &Module, unit: Unit, pass: PassNames, out: &mut String) -> bool {
        if let Some(limit) = self.flags.bisect_limit.filter(|&l| l >= 0) {
            self.bisect_count += 1;
            let run = self.bisect_count <= limit;
            out.push_str(&format!(
                "BISECT: {}running pass ({}) {} on {}\n",
                if run { "" } else { "NOT " },
                self.bisect_count,
                pass.name,
                bisect_unit(m, unit)
            ));
            if !run {
                return false;
            }
        }
        if self.flags.debug_pass_manager {
            match unit {
                Unit::Function(f) => out.push_str(&format!(
                    "Running pass: {} on {} ({} instructions)\n",
                    pass.class,
                    func_name(m, f),
                    m.body(f).map_or(0, |b| b.insts_in_order().count())
                )),
                Unit::Module => out.push_str(&format!("Running pass: {} on [module]\n", pass.class)),
            }
        }
        tracing::debug!(target: "opt_conv::pm", pass = pass.name, unit = %unit_name(m, unit), "running pass");
        if self.wants_print(&self.flags.print_before, self.flags.print_before_all, pass, m, unit) {
            dump(out, m, unit, pass.class, "Before");
        }
        if self.flags.time_passes {
            self.started = Some(Instant::now());
        }
        true
    }

    /// Called after a pass ran on `unit` and reported `changed`.
    pub fn after(&mut self, m: &Module, unit: Unit, pass: PassNames, changed: Changes, out: &mut String) {
        if let Some(t) = self.started.take() {
            let spent = t.elapsed();
            match self.times.iter_mut().find(|(c, _)| *c == pass.class) {
                Some((_, d)) => *d += spent,
                None => self.times.push((pass.class, spent)),
            }
        }
        tracing::debug!(target: "opt_conv::pm", pass = pass.name, changed = !changed.is_empty(), "finished pass");
        if self.wants_print(&self.flags.print_after, self.flags.print_after_all, pass, m, unit) {
            dump(out, m, unit, pass.class, "After");
        }
        if self.flags.print_changed {
            let what = format!("*** IR Dump After {} on {}", pass.class, unit_name(m, unit));
            if !self.function_selected(m, unit) {
                out.push_str(&format!("{what} filtered out ***\n"));
            } else if changed.is_empty() {
                out.push_str(&format!("{what} omitted because no change ***\n"));
            } else {
                out.push_str(&format!("{what} ***\n"));
                write_unit(out, m, unit);
            }
        }
    }

    /// Ends the run: `-time-passes` prints its report.
    pub fn finish(self, out: &mut String) {
        if self.flags.time_passes {
            out.push_str(&timing_report(&self.times));
        }
    }

    fn function_selected(&self, m: &Module, unit: Unit) -> bool {
        match unit {
            Unit::Function(f) if !self.flags.filter_print_funcs.is_empty() => {
                let name = func_name(m, f);
                self.flags.filter_print_funcs.contains(&name)
            }
            _ => true,
        }
    }

    fn wants_print(&self, names: &[String], all: bool, pass: PassNames, m: &Module, unit: Unit) -> bool {
        (all || names.iter().any(|n| n == pass.name)) && self.function_selected(m, unit)
    }
}

fn func_name(m: &Module, f: FuncId) -> String {
    m.func(f).map(|d| d.name.to_string()).unwrap_or_default()
}

fn unit_name(m: &Module, unit: Unit) -> String {
    match unit {
        Unit::Function(f) => func_name(m, f),
        Unit::Module => "[module]".to_owned(),
    }
}

/// opt names a module pass's unit by the module's identifier in bisect lines.
fn bisect_unit(m: &Module, unit: Unit) -> String {
    match unit {
        Unit::Function(f) => func_name(m, f),
        Unit::Module => m.module_id.clone(),
    }
}

fn write_unit(out: &mut String, m: &Module, unit: Unit) {
    match unit {
        Unit::Function(f) => ModulePrinter::new(m).write_function(out, f),
        Unit::Module => out.push_str(&opt_conv_ir::print_module(m)),
    }
}

fn dump(out: &mut String, m: &Module, unit: Unit, class: &str, when: &str) {
    out.push_str(&format!("; *** IR Dump {when} {class} on {} ***\n", unit_name(m, unit)));
    write_unit(out, m, unit);
}

const RULE: &str = "===-------------------------------------------------------------------------===\n";

/// opt's timing report layout, with the wall-time column only (opt's user
/// and system columns need per-thread CPU clocks we do not read).
fn timing_report(times: &[(&'static str, Duration)]) -> String {
    let total: Duration = times.iter().map(|(_, d)| *d).sum();
    let mut rows: Vec<&(&str, Duration)> = times.iter().collect();
    // opt lists the most expensive first; ties keep the order of first run.
    rows.sort_by_key(|r| std::cmp::Reverse(r.1));
    let pct = |d: Duration| if total.is_zero() { 0.0 } else { 100.0 * d.as_secs_f64() / total.as_secs_f64() };
    let mut s = String::new();
    s.push_str(RULE);
    s.push_str(format!("{:^80}", "Pass execution timing report").trim_end());
    s.push('\n');
    s.push_str(RULE);
    s.push_str(&format!(
        "  Total Execution Time: {:.4} seconds ({:.4} wall clock)\n\n",
        total.as_secs_f64(),
        total.as_secs_f64()
    ));
    s.push_str("   ---Wall Time---  --- Name ---\n");
    for (name, d) in rows {
        s.push_str(&format!("   {:.4} ({:5.1}%)  {name}\n", d.as_secs_f64(), pct(*d)));
    }
    s.push_str(&format!("   {:.4} (100.0%)  Total\n\n", total.as_secs_f64()));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `tracing` target under `opt_conv::` in the sources is a name
    /// `-debug-only=` accepts, and every accepted name is used.
    #[test]
    fn debug_targets_match_the_sources() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut found = std::collections::BTreeSet::new();
        let mut stack: Vec<std::path::PathBuf> =
            ["ir/src", "legality/src", "passes/src", "tools"].iter().map(|d| root.join(d)).collect();
        while let Some(p) = stack.pop() {
            if p.is_dir() {
                stack.extend(std::fs::read_dir(&p).unwrap().map(|e| e.unwrap().path()));
            } else if p.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&p).unwrap();
                for (i, _) in text.match_indices("target: \"opt_conv::") {
                    let rest = &text[i + "target: \"opt_conv::".len()..];
                    let end = rest.find('"').unwrap();
                    found.insert(rest[..end].to_owned());
                }
            }
        }
        let listed: std::collections::BTreeSet<String> = DEBUG_TARGETS.iter().map(|s| s.to_string()).collect();
        assert_eq!(found, listed);
    }

    #[test]
    fn timing_report_has_opts_header_and_a_total() {
        let r =
            timing_report(&[("SinkingPass", Duration::from_millis(3)), ("LoopUnrollPass", Duration::from_millis(1))]);
        assert!(r.contains("Pass execution timing report\n"), "{r}");
        assert!(r.contains("  Total Execution Time: 0.0040 seconds (0.0040 wall clock)"), "{r}");
        let sink = r.find("SinkingPass").unwrap();
        let unroll = r.find("LoopUnrollPass").unwrap();
        assert!(sink < unroll, "most expensive first: {r}");
        assert!(r.contains("   0.0040 (100.0%)  Total"), "{r}");
    }
}
