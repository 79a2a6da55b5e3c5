//! Transforms against LLVM 22 on the corpus: for every loop-unroll,
//! jump-threading and inline test in `MANIFEST.tsv`, run with the manifest's own command
//! line, each function must end with the same number of calls to each
//! convergent function, and of each convergence intrinsic (so the same
//! number of loop hearts and anchors), as in opt-22's recorded output. Our
//! output must verify under our verifier and, where it is installed, under
//! opt-22's. Commands opt-22 refused must fail with us too.

use opt_conv_ir::{Module, parse_module, verify_module};
use opt_conv_legality::convergence::{callee_decl, is_convergent_op};
use opt_conv_tests::{command_args, conformance_dir_for, manifest, opt_conv, opt22, opt22_for};
use std::collections::BTreeMap;

/// Per defined function: convergent callee -> number of calls.
type Counts = BTreeMap<String, BTreeMap<String, usize>>;

fn convergent_calls(m: &Module) -> Counts {
    let mut out = Counts::new();
    for fid in m.definitions() {
        let (decl, f) = (m.func(fid).unwrap(), m.body(fid).unwrap());
        let counts = out.entry(decl.name.to_string()).or_default();
        for (_, i) in f.insts_in_order() {
            let d = f.dfg().inst(i);
            if !is_convergent_op(m, f, d) {
                continue;
            }
            let callee = callee_decl(m, f, d).map_or_else(|| "<indirect>".to_owned(), |c| c.name.to_string());
            *counts.entry(callee).or_default() += 1;
        }
    }
    out
}

/// The text minus the lines that name the input (we read it from stdin).
fn without_module_name(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with("; ModuleID") && !l.starts_with("source_filename"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `(runs compared, outputs identical)`, or `None` (reported) without the corpus.
fn check_area(test: &str, area: &str) -> Option<(usize, usize)> {
    let root = conformance_dir_for(test, &format!("the corpus's {area} runs"))?;
    let live = opt22_for(test, "checking our output with opt-22 -passes=verify");
    let rows: Vec<_> = manifest(&root).into_iter().filter(|r| r.area == area).collect();
    assert!(!rows.is_empty(), "no {area} rows in the manifest");
    let (mut compared, mut identical) = (0, 0);
    for row in &rows {
        let (args, file, stdin_file) = command_args(&row.command);
        let input = file.or(stdin_file).expect("an input file");
        let src = std::fs::read_to_string(root.join(&input)).unwrap();
        let argv: Vec<&str> = args.iter().map(String::as_str).collect();
        let ours = opt_conv(&argv, &src);
        if row.exit_code != 0 {
            assert_ne!(ours.code, 0, "{}: opt-22 failed, we did not", row.command);
            continue;
        }
        assert_eq!(ours.code, 0, "{}:\n{}", row.command, ours.stderr);
        let reference = std::fs::read_to_string(root.join(&row.out_file)).unwrap();
        let (mine, _) = parse_module("ours.ll", &ours.stdout).unwrap_or_else(|e| panic!("{}: {e}", row.command));
        verify_module(&mine).unwrap_or_else(|e| panic!("{}: our output does not verify: {e:?}", row.command));
        let (theirs, _) = parse_module(&row.out_file, &reference).unwrap();
        let (a, b) = (convergent_calls(&mine), convergent_calls(&theirs));
        for (func, want) in &b {
            assert_eq!(a.get(func), Some(want), "{}: @{func}: convergent calls (ours, opt-22)", row.command);
        }
        assert_eq!(a.len(), b.len(), "{}: functions", row.command);
        let tmp = tempfile::Builder::new().suffix(".ll").tempfile().unwrap();
        std::fs::write(tmp.path(), &ours.stdout).unwrap();
        if live
            && let Some((code, _, err)) = opt22(&["-passes=verify", "-disable-output", tmp.path().to_str().unwrap()])
        {
            assert_eq!(code, 0, "{}: opt-22 rejects our output:\n{err}", row.command);
        }
        compared += 1;
        identical += usize::from(without_module_name(&ours.stdout) == without_module_name(&reference));
    }
    eprintln!("{area}: {compared} runs compared, {identical} byte-identical to opt-22");
    Some((compared, identical))
}

#[test]
fn unroll_keeps_opt22s_convergent_calls_and_hearts() {
    let test = "transform_conformance::unroll_keeps_opt22s_convergent_calls_and_hearts";
    let Some((compared, identical)) = check_area(test, "unroll") else { return };
    assert_eq!(compared, 6, "the six runs opt-22 completed");
    // Not required, but a regression in shape would show here first.
    assert!(identical >= 3, "only {identical} outputs identical to opt-22");
}

#[test]
fn jump_threading_keeps_opt22s_convergent_calls() {
    let test = "transform_conformance::jump_threading_keeps_opt22s_convergent_calls";
    let Some((compared, identical)) = check_area(test, "jumpthreading") else { return };
    assert_eq!(compared, 5, "the five runs opt-22 completed");
    // opt-22 leaves the amdgcn run alone (it does not thread on divergent
    // targets); we thread it, as nothing in it is convergent.
    assert!(identical >= 3, "only {identical} outputs identical to opt-22");
}

#[test]
fn inline_substitutes_the_same_tokens_as_opt22() {
    // Which calls are inlined and which token replaces each inlined entry
    // token show in the text; the whole output is compared.
    let test = "transform_conformance::inline_substitutes_the_same_tokens_as_opt22";
    let Some((compared, identical)) = check_area(test, "inline") else { return };
    assert!(compared > 0, "no inline run compared");
    assert_eq!(identical, compared, "inline: outputs differ from opt-22's");
}
