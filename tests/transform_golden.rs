//! Golden tests of transforms: every case under `cases/<pass>/` runs with
//! the arguments of its `; RUN:` line (plus `-S -verify-each` and all
//! remarks). The snapshot shows the command, every remark, a unified diff
//! from the input to the output, then the whole input and output (as
//! opt-conv prints them); a refused transform shows an empty diff and its
//! reason.
//!
//! Hand-written expectations in the case, which blessing a snapshot cannot
//! erase, are checked first:
//! * `; expect-remark: TEXT` — some remark contains TEXT;
//! * `; expect-no-remark: TEXT` — no remark contains TEXT;
//! * `; expect-unchanged` — the output equals the input;
//! * `; expect-output: TEXT` — the output contains the line TEXT (trimmed);
//! * `; expect-count: N TEXT` — exactly N lines of the output contain TEXT.

use opt_conv_tests::{opt_conv, tests_dir};
use similar::TextDiff;

fn run_case(path: &std::path::Path) -> String {
    let src = std::fs::read_to_string(path).unwrap();
    // The glob yields paths under the directory the test was built in, which
    // differs from the one it runs in when a build is reused from elsewhere.
    let rel = path
        .strip_prefix(tests_dir())
        .or_else(|_| path.strip_prefix(env!("CARGO_MANIFEST_DIR")))
        .unwrap_or(path)
        .display()
        .to_string();
    let run = src.lines().find_map(|l| l.strip_prefix("; RUN: ")).unwrap_or_else(|| panic!("{rel}: no '; RUN:' line"));
    let args: Vec<&str> = run.split_whitespace().collect();
    let file = path.to_str().unwrap();
    // Absolute paths (ModuleID, source_filename) depend on the checkout.
    let relativize = |s: String| s.replace(file, &rel);
    let before = opt_conv(&["-S", file], "");
    assert_eq!(before.code, 0, "{rel}: input does not load:\n{}", before.stderr);
    let mut full =
        vec!["-S", "-verify-each", "-pass-remarks=.*", "-pass-remarks-missed=.*", "-pass-remarks-analysis=.*"];
    full.extend(&args);
    full.push(file);
    let after = opt_conv(&full, "");
    assert_eq!(after.code, 0, "{rel}: opt-conv {run} failed:\n{}", after.stderr);
    let remarks: Vec<String> =
        after.stderr.lines().filter(|l| l.starts_with("remark: ")).map(|l| l.replacen(file, &rel, 1)).collect();
    for l in src.lines() {
        if let Some(t) = l.strip_prefix("; expect-remark: ") {
            assert!(
                remarks.iter().any(|r| r.contains(t)),
                "{rel}: no remark contains '{t}'; remarks:\n{}",
                remarks.join("\n")
            );
        } else if let Some(t) = l.strip_prefix("; expect-no-remark: ") {
            assert!(
                !remarks.iter().any(|r| r.contains(t)),
                "{rel}: a remark contains '{t}'; remarks:\n{}",
                remarks.join("\n")
            );
        } else if l == "; expect-unchanged" {
            assert_eq!(before.stdout, after.stdout, "{rel}: expected no change");
        } else if let Some(t) = l.strip_prefix("; expect-count: ") {
            let (n, text) = t.split_once(' ').unwrap_or_else(|| panic!("{rel}: expect-count needs N and TEXT"));
            let n: usize = n.parse().unwrap_or_else(|_| panic!("{rel}: expect-count: bad count '{n}'"));
            let found = after.stdout.lines().filter(|o| o.contains(text)).count();
            assert_eq!(found, n, "{rel}: lines containing '{text}':\n{}", after.stdout);
        } else if let Some(t) = l.strip_prefix("; expect-output: ") {
            assert!(
                after.stdout.lines().any(|o| o.trim() == t.trim()),
                "{rel}: output lacks line '{t}':\n{}",
                after.stdout
            );
        }
    }
    let (before_out, after_out) = (relativize(before.stdout), relativize(after.stdout));
    let diff = TextDiff::from_lines(&before_out, &after_out)
        .unified_diff()
        .context_radius(3)
        .header("input", "output")
        .to_string();
    format!(
        "RUN: opt-conv {run} {rel}\n\nremarks:\n{}\n\ndiff:\n{}\ninput:\n{}\noutput:\n{}",
        if remarks.is_empty() { "(none)".to_owned() } else { remarks.join("\n") },
        if diff.is_empty() { "(unchanged)\n".to_owned() } else { diff },
        before_out,
        after_out
    )
}

#[test]
fn sink() {
    insta::glob!("cases/sink/*.ll", |path| {
        insta::assert_snapshot!(run_case(path));
    });
}

#[test]
fn hoist() {
    insta::glob!("cases/hoist/*.ll", |path| {
        insta::assert_snapshot!(run_case(path));
    });
}

#[test]
fn inline() {
    insta::glob!("cases/inline/*.ll", |path| {
        insta::assert_snapshot!(run_case(path));
    });
}

#[test]
fn dce() {
    insta::glob!("cases/dce/*.ll", |path| {
        insta::assert_snapshot!(run_case(path));
    });
}

#[test]
fn globaldce() {
    insta::glob!("cases/globaldce/*.ll", |path| {
        insta::assert_snapshot!(run_case(path));
    });
}

#[test]
fn infer_convergence_tokens() {
    insta::glob!("cases/infer/*.ll", |path| {
        insta::assert_snapshot!(run_case(path));
    });
}

#[test]
fn loop_unroll() {
    insta::glob!("cases/unroll/*.ll", |path| {
        insta::assert_snapshot!(run_case(path));
    });
}

#[test]
fn jump_threading() {
    insta::glob!("cases/jump-threading/*.ll", |path| {
        insta::assert_snapshot!(run_case(path));
    });
}

#[test]
fn simplifycfg() {
    insta::glob!("cases/simplifycfg/*.ll", |path| {
        insta::assert_snapshot!(run_case(path));
    });
}

#[test]
fn instsimplify() {
    insta::glob!("cases/instsimplify/*.ll", |path| {
        insta::assert_snapshot!(run_case(path));
    });
}

/// Every directory of transform cases has a test above: a new pass's cases
/// cannot sit unrun.
#[test]
fn every_transform_case_directory_is_tested() {
    let source = include_str!("transform_golden.rs");
    let dirs = opt_conv_tests::transform_case_dirs();
    assert!(dirs.len() >= 7, "{dirs:?}");
    for dir in dirs {
        assert!(source.contains(&format!("insta::glob!(\"{dir}/*.ll\"")), "{dir} has no golden test in this file");
    }
}

/// What every case's transform prints, LLVM 22 reads back as valid, debug
/// info included.
#[test]
fn every_case_output_is_accepted_by_opt22() {
    if !opt_conv_tests::opt22_for("every_case_output_is_accepted_by_opt22", "golden case outputs") {
        return;
    }
    let mut failures = Vec::new();
    let mut checked = 0;
    for dir in opt_conv_tests::transform_case_dirs() {
        let mut files: Vec<_> = std::fs::read_dir(tests_dir().join(&dir)).unwrap().map(|e| e.unwrap().path()).collect();
        files.sort();
        for path in files.into_iter().filter(|p| p.extension().is_some_and(|x| x == "ll")) {
            let src = std::fs::read_to_string(&path).unwrap();
            let Some(run) = src.lines().find_map(|l| l.strip_prefix("; RUN: ")) else { continue };
            let mut args: Vec<&str> = vec!["-S"];
            args.extend(run.split_whitespace());
            args.push(path.to_str().unwrap());
            let out = opt_conv(&args, "");
            if out.code != 0 || !out.stdout.contains("define ") {
                continue;
            }
            checked += 1;
            if let Err(e) = opt_conv_tests::opt22_accepts(&out.stdout) {
                failures.push(format!("{}: {e}", path.display()));
            }
        }
    }
    assert!(checked >= 70, "only {checked} case outputs checked");
    assert!(failures.is_empty(), "opt-22 rejects these outputs:\n{}", failures.join("\n"));
}
