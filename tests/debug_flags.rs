//! opt's debugging flags: each behaves as in opt-22 on the same input, in
//! opt's output format. Where opt-22 is installed the lines are compared
//! with its own; our own assertions hold either way.

use opt_conv_tests::{opt_conv, opt22, opt22_for, tests_dir};

fn kernel() -> String {
    tests_dir().join("../examples/kernel.ll").to_string_lossy().into_owned()
}

/// A module no pass below changes (a single block, no loops, no calls).
fn unchanged_input() -> tempfile::NamedTempFile {
    let f = tempfile::Builder::new().suffix(".ll").tempfile().unwrap();
    std::fs::write(f.path(), "define i32 @f(i32 %x) {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n").unwrap();
    f
}

fn lines_with<'a>(text: &'a str, marker: &str) -> Vec<&'a str> {
    text.lines().filter(|l| l.contains(marker)).collect()
}

/// Runs opt-22 with `args` if it is installed (reporting a skip otherwise).
fn theirs(test: &str, args: &[&str]) -> Option<(String, String)> {
    if !opt22_for(test, "the output format") {
        return None;
    }
    opt22(args).map(|(_, out, err)| (out, err))
}

#[test]
fn opt_bisect_limit_runs_the_first_n_passes() {
    let k = kernel();
    let args = ["-passes=sink,loop-unroll", "-disable-output", "-opt-bisect-limit=1", &k];
    let r = opt_conv(&args, "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        lines_with(&r.stderr, "BISECT"),
        ["BISECT: running pass (1) sink on kernel", "BISECT: NOT running pass (2) loop-unroll on kernel"]
    );
    // The skipped pass does not run: loop-unroll would unroll this loop.
    let r = opt_conv(&["-passes=loop-unroll<runtime>", "-S", "-opt-bisect-limit=0", &k], "");
    let unchanged = opt_conv(&["-S", &k], "");
    assert_eq!(r.stdout, unchanged.stdout);
    if let Some((_, err)) = theirs("opt_bisect_limit_runs_the_first_n_passes", &args) {
        assert_eq!(lines_with(&err, "BISECT"), lines_with(&opt_conv(&args, "").stderr, "BISECT"));
    }
}

#[test]
fn print_changed_and_filter_print_funcs() {
    let input = unchanged_input();
    let path = input.path().to_str().unwrap();
    let ours = |extra: &[&str]| {
        let mut args = vec!["-passes=sink,dce", "-disable-output", "-print-changed", path];
        args.extend_from_slice(extra);
        let r = opt_conv(&args, "");
        assert_eq!(r.code, 0, "{}", r.stderr);
        r.stderr
    };
    let headers = |text: &str| -> Vec<String> {
        // opt also reports its adaptors ("*** IR Pass ... ignored ***"); we have none.
        lines_with(text, "*** IR Dump").into_iter().map(str::to_owned).collect()
    };
    let plain = ours(&[]);
    assert_eq!(
        headers(&plain),
        [
            "*** IR Dump At Start ***",
            "*** IR Dump After SinkingPass on f omitted because no change ***",
            "*** IR Dump After DCEPass on f omitted because no change ***"
        ]
    );
    assert!(plain.contains("define i32 @f(i32 %x) {"), "the module at start: {plain}");
    let filtered = ours(&["-filter-print-funcs=g"]);
    assert!(headers(&filtered)[1].ends_with("on f filtered out ***"), "{filtered}");
    // A change is dumped with the function.
    let k = kernel();
    let r = opt_conv(&["-passes=loop-unroll<runtime>", "-disable-output", "-print-changed", &k], "");
    let after =
        r.stderr.split("*** IR Dump After LoopUnrollPass on kernel ***\n").nth(1).expect("a dump after the change");
    assert!(after.starts_with("; Function Attrs: convergent\ndefine amdgpu_kernel void @kernel("), "{after}");
    for extra in [&[][..], &["-filter-print-funcs=g"][..]] {
        let mut args = vec!["-passes=sink,dce", "-disable-output", "-print-changed", path];
        args.extend_from_slice(extra);
        if let Some((_, err)) = theirs("print_changed_and_filter_print_funcs", &args) {
            assert_eq!(headers(&err), headers(&ours(extra)), "{extra:?}");
        }
    }
}

#[test]
fn print_after_and_before_name_passes() {
    let k = kernel();
    let args = ["-passes=sink,loop-unroll", "-disable-output", "-print-after=sink", "-print-before=loop-unroll", &k];
    let r = opt_conv(&args, "");
    assert_eq!(
        lines_with(&r.stderr, "*** IR Dump"),
        ["; *** IR Dump After SinkingPass on kernel ***", "; *** IR Dump Before LoopUnrollPass on kernel ***"]
    );
    if let Some((_, err)) = theirs("print_after_and_before_name_passes", &args) {
        assert_eq!(lines_with(&err, "*** IR Dump"), lines_with(&r.stderr, "*** IR Dump"));
    }
    let r = opt_conv(&["-passes=sink", "-disable-output", "-print-after-all", "-filter-print-funcs=g", &k], "");
    assert!(!r.stderr.contains("IR Dump"), "only @g is printed, and there is none: {}", r.stderr);
}

#[test]
fn print_pipeline_passes_makes_adaptors_explicit() {
    let r = opt_conv(&["-passes=sink,jump-threading,inline,dce", "-print-pipeline-passes", "-"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, "function(sink,jump-threading),inline,function(dce),verify\n");
    let r = opt_conv(&["-passes=function(sink,jump-threading)", "-print-pipeline-passes", "-disable-verify"], "");
    assert_eq!(r.stdout, "function(sink,jump-threading)\n");
    let args = ["-passes=sink,jump-threading", "-print-pipeline-passes", "-disable-output", &kernel()];
    if let Some((out, _)) = theirs("print_pipeline_passes_makes_adaptors_explicit", &args) {
        assert_eq!(out, opt_conv(&args, "").stdout);
    }
}

/// opt's analysis elements and loop adaptors: where each may stand, how it
/// is written back, and the error for a name opt does not know there.
#[test]
fn print_pipeline_passes_with_analyses_and_loop_passes() {
    let cases = [
        (
            "require<opt-remark-emit>,loop(loop-unroll-full)",
            "function(require<opt-remark-emit>,loop(loop-unroll-full)),verify\n",
        ),
        ("loop-unroll-full", "function(loop(loop-unroll-full)),verify\n"),
        ("loop-mssa(loop-unroll-full)", "function(loop-mssa(loop-unroll-full)),verify\n"),
        ("loop(loop(loop-unroll-full))", "function(loop(loop-unroll-full)),verify\n"),
        (
            "sink,loop-unroll-full,loop-unroll-full",
            "function(sink,loop(loop-unroll-full),loop(loop-unroll-full)),verify\n",
        ),
        (
            "require<loops>,jump-threading,verify<loops>",
            "function(require<loops>,jump-threading,verify<loops>),verify\n",
        ),
        ("require<globals-aa>,invalidate<all>", "require<globals-aa>,invalidate<all>,verify\n"),
        ("invalidate<domtree>,loop(invalidate<all>)", "function(invalidate<domtree>,loop(invalidate<all>)),verify\n"),
        ("require<iv-users>", "function(loop(require<iv-users>)),verify\n"),
        ("verify<domtree>", "function(verify<domtree>),verify\n"),
    ];
    let k = kernel();
    for (pipeline, printed) in cases {
        let passes = format!("-passes={pipeline}");
        let args = [passes.as_str(), "-print-pipeline-passes", "-disable-output", &k];
        let r = opt_conv(&args, "");
        assert_eq!(r.code, 0, "{pipeline}: {}", r.stderr);
        assert_eq!(r.stdout, printed, "{pipeline}");
        if let Some((out, _)) = theirs("print_pipeline_passes_with_analyses_and_loop_passes", &args) {
            assert_eq!(out, r.stdout, "{pipeline}");
        }
        // The analysis elements change nothing: the pipeline runs.
        let r = opt_conv(&[passes.as_str(), "-disable-output", "-verify-each", &k], "");
        assert_eq!(r.code, 0, "{pipeline}: {}", r.stderr);
    }
    let refused = [
        ("require<foo>", "unknown pass name 'require<foo>'"),
        ("loop(require<domtree>)", "unknown loop pass 'require<domtree>'"),
        ("function(require<globals-aa>)", "unknown function pass 'require<globals-aa>'"),
        ("loop(loop-unroll)", "unknown loop pass 'loop-unroll'"),
        ("loop(verify<loops>)", "unknown loop pass 'verify<loops>'"),
        ("invalidate<foo>", "unknown pass name 'invalidate<foo>'"),
        ("loop-unroll-full<O3>", "unknown pass name 'loop-unroll-full<O3>'"),
    ];
    for (pipeline, message) in refused {
        let passes = format!("-passes={pipeline}");
        let args = [passes.as_str(), "-print-pipeline-passes", "-disable-output", &k];
        let r = opt_conv(&args, "");
        assert_eq!(r.code, 1, "{pipeline}");
        assert!(r.stderr.starts_with(&format!("opt-conv: {message}\n")), "{pipeline}: {}", r.stderr);
        if let Some((_, err)) = theirs("print_pipeline_passes_with_analyses_and_loop_passes", &args) {
            assert_eq!(err.lines().next(), Some(format!("opt-22: {message}").as_str()), "{pipeline}");
        }
    }
}

#[test]
fn time_passes_and_debug_pass_manager() {
    let k = kernel();
    let args = ["-passes=sink", "-disable-output", "-time-passes", "-debug-pass-manager", &k];
    let r = opt_conv(&args, "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let banner = "                          Pass execution timing report";
    assert!(r.stderr.contains(&format!("===\n{banner}\n===")), "{}", r.stderr);
    assert_eq!(lines_with(&r.stderr, "Running pass:"), ["Running pass: SinkingPass on kernel (16 instructions)"]);
    assert_eq!(lines_with(&r.stderr, "SinkingPass").len(), 2, "a run and a timing row: {}", r.stderr);
    if let Some((_, err)) = theirs("time_passes_and_debug_pass_manager", &args) {
        assert!(err.lines().any(|l| l == banner), "{err}");
        assert_eq!(lines_with(&err, "Running pass: SinkingPass"), lines_with(&r.stderr, "Running pass:"));
    }
}

#[test]
fn stats_and_yaml_remarks() {
    let k = kernel();
    let dir = tempfile::tempdir().unwrap();
    let yaml = dir.path().join("remarks.yaml");
    let yaml_arg = format!("-pass-remarks-output={}", yaml.display());
    let r = opt_conv(&["-passes=loop-unroll<runtime>,sink", "-disable-output", "-stats", &yaml_arg, &k], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stderr.contains("... Statistics Collected ...\n"), "{}", r.stderr);
    assert!(r.stderr.contains("1 loop-unroll - Number of transformations done\n"), "{}", r.stderr);
    let text = std::fs::read_to_string(&yaml).unwrap();
    assert!(text.starts_with("--- !Analysis\nPass:            loop-unroll\nName:            Analysis\n"), "{text}");
    assert!(text.contains("--- !Passed\nPass:            loop-unroll\nName:            Transformed\n"), "{text}");
    assert_eq!(text.matches("--- !").count(), text.matches("\n...\n").count(), "every record is closed: {text}");
    // -pass-remarks-filter keeps the file to the passes it matches.
    let filter = opt_conv(
        &["-passes=loop-unroll<runtime>,sink", "-disable-output", &yaml_arg, "-pass-remarks-filter=^sink$", &k],
        "",
    );
    assert_eq!(filter.code, 0);
    let text = std::fs::read_to_string(&yaml).unwrap();
    assert!(!text.contains("loop-unroll") && text.contains("Pass:            sink"), "{text}");
}

#[test]
fn unknown_debug_only_names_warn() {
    let r = opt_conv(&["-debug-only=bogus", "-disable-output", "-"], "");
    assert_eq!(r.code, 0);
    assert!(r.stderr.starts_with("opt-conv: warning: -debug-only: no debug output is named 'bogus'"), "{}", r.stderr);
    let r = opt_conv(&["-debug-only=sink,pm", "-disable-output", "-"], "");
    assert_eq!(r.stderr, "");
}
