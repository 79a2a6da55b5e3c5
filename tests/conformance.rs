//! Conformance with LLVM 22 on the shared corpus (`../shared/conformance`):
//! every input opt-22 accepts loads, verifies, prints, reads back and prints
//! as a fixpoint; `print<cycles>` agrees with opt-22's recorded output; and,
//! where opt-22 is installed, `opt-conv -S` prints exactly what `opt-22 -S`
//! prints for every input both accept.

use opt_conv_ir::{parse_module, print_module, verify_module};
use opt_conv_tests::{accepted_inputs, conformance_dir_for, manifest, opt_conv, opt22, opt22_for, tests_dir};
use std::collections::BTreeMap;

#[test]
fn corpus_round_trips() {
    let Some(root) = conformance_dir_for("conformance::corpus_round_trips", "reading and printing the corpus") else {
        return;
    };
    let inputs = accepted_inputs(&root);
    assert!(inputs.len() >= 60, "expected the whole corpus, found {}", inputs.len());
    for rel in &inputs {
        let src = std::fs::read_to_string(root.join(rel)).unwrap();
        let (m, _) = parse_module(rel, &src).unwrap_or_else(|e| panic!("{e}"));
        verify_module(&m).unwrap_or_else(|e| panic!("{rel}: {}", e.iter().map(|x| x.to_string()).collect::<String>()));
        let printed = print_module(&m);
        let (again, _) = parse_module(rel, &printed).unwrap_or_else(|e| panic!("{rel}: reprint: {e}"));
        verify_module(&again).unwrap_or_else(|e| panic!("{rel}: reprint: {e:?}"));
        assert_eq!(print_module(&again), printed, "{rel}: printing is not a fixpoint");
    }
}

/// Inputs whose printing legitimately differs from opt-22's, with the reason.
/// (None today: the llvm.dbg.value call of `cases/parse/calls.ll`, which has
/// no location, is now dropped as opt-22 drops it.)
const PRINT_DIFFERENCES: &[(&str, &str)] = &[];

#[test]
fn printing_matches_opt22_byte_for_byte() {
    const TEST: &str = "conformance::printing_matches_opt22_byte_for_byte";
    if !opt22_for(TEST, "printing compared with opt-22 -S") {
        return;
    }
    let mut inputs: Vec<std::path::PathBuf> = Vec::new();
    let corpus = conformance_dir_for(TEST, "the corpus inputs (the golden cases and examples are still compared)");
    if let Some(root) = &corpus {
        inputs.extend(accepted_inputs(root).iter().map(|r| root.join(r)));
    }
    for dir in ["cases/parse", "cases/infer", "cases/verify", "cases/uniformity", "../examples"] {
        let mut files: Vec<_> = std::fs::read_dir(tests_dir().join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "ll"))
            .collect();
        files.sort();
        inputs.extend(files);
    }
    let (mut compared, mut identical) = (0, 0);
    let mut differing = Vec::new();
    for path in &inputs {
        let file = path.to_str().unwrap();
        let Some((code, reference, _)) = opt22(&["-S", file]) else { return };
        if code != 0 {
            continue;
        }
        let ours = opt_conv(&["-S", file], "");
        assert_eq!(ours.code, 0, "{file}: {}", ours.stderr);
        compared += 1;
        let exempt = PRINT_DIFFERENCES.iter().any(|(p, _)| file.ends_with(p));
        if ours.stdout == reference {
            identical += 1;
            assert!(!exempt, "{file} is listed in PRINT_DIFFERENCES but now prints like opt-22");
        } else if !exempt {
            let first = ours.stdout.lines().zip(reference.lines()).position(|(a, b)| a != b).unwrap_or(0);
            differing.push(format!(
                "{file}: line {}:\n  opt-22: {}\n  ours:   {}",
                first + 1,
                reference.lines().nth(first).unwrap_or(""),
                ours.stdout.lines().nth(first).unwrap_or("")
            ));
        }
    }
    eprintln!("printing: {identical} of {compared} inputs byte-identical to opt-22 -S");
    // The corpus has 60 inputs opt-22 prints; the golden cases and examples 36.
    let expected = if corpus.is_some() { 60 } else { 30 };
    assert!(compared >= expected, "only {compared} inputs compared");
    assert!(differing.is_empty(), "{}", differing.join("\n"));
}

/// Per function: each cycle as (depth, entries in order, sorted blocks).
type Cycles = BTreeMap<String, Vec<(usize, Vec<String>, Vec<String>)>>;

fn parse_cycles(text: &str) -> Cycles {
    let mut out: Cycles = BTreeMap::new();
    let mut cur = String::new();
    for line in text.lines() {
        if let Some(f) = line.strip_prefix("CycleInfo for function: ") {
            cur = f.to_owned();
            out.entry(cur.clone()).or_default();
        } else if let Some(rest) = line.trim_start().strip_prefix("depth=") {
            let (depth, rest) = rest.split_once(": entries(").unwrap();
            let (entries, blocks) = rest.split_once(')').unwrap();
            let entries: Vec<String> = entries.split(' ').map(str::to_owned).collect();
            let mut blocks: Vec<String> = blocks.split_whitespace().map(str::to_owned).collect();
            blocks.extend(entries.iter().cloned());
            blocks.sort();
            out.get_mut(&cur).unwrap().push((depth.parse().unwrap(), entries, blocks));
        }
    }
    for v in out.values_mut() {
        v.sort();
    }
    out
}

#[test]
fn print_cycles_matches_opt22() {
    let Some(root) = conformance_dir_for("conformance::print_cycles_matches_opt22", "print<cycles> on the corpus")
    else {
        return;
    };
    let rows: Vec<_> = manifest(&root).into_iter().filter(|r| r.area == "cycleinfo" && r.exit_code == 0).collect();
    assert_eq!(rows.len(), 2, "both CycleInfo tests of the corpus");
    for r in rows {
        let src = std::fs::read_to_string(root.join(&r.path)).unwrap();
        let ours = opt_conv(&["-disable-output", "-passes=verify<cycles>,print<cycles>"], &src);
        assert_eq!(ours.code, 0, "{}", ours.stderr);
        let llvm = std::fs::read_to_string(root.join(&r.out_file)).unwrap();
        let (a, b) = (parse_cycles(&ours.stderr), parse_cycles(&llvm));
        assert!(!b.is_empty());
        assert_eq!(a, b, "{}: print<cycles> differs from opt-22 (entries in order, blocks as sets)", r.path);
    }
}

/// Message lines of a verifier run: ours are `...: error: MSG`, LLVM's are bare.
fn verifier_messages(text: &str) -> Vec<String> {
    const STARTS: &[&str] = &[
        "The 'convergencectrl' bundle",
        "Convergence ",
        "Cannot mix",
        "Entry ",
        "Loop intrinsic",
        "Cycle heart",
        "Two static",
        "Function returns a token",
        "PHI nodes cannot",
        "Instruction does not dominate",
    ];
    text.lines()
        .map(|l| l.split_once(": error: ").map_or(l, |(_, m)| m))
        .filter(|m| STARTS.iter().any(|s| m.starts_with(s)))
        .map(str::to_owned)
        .collect()
}

#[test]
fn convergence_verifier_matches_opt22() {
    let test = "conformance::convergence_verifier_matches_opt22";
    let Some(root) = conformance_dir_for(test, "the verifier on convergencectrl-invalid.ll") else { return };
    let rel = "llvm/Verifier/convergencectrl-invalid.ll";
    let src = std::fs::read_to_string(root.join(rel)).unwrap();
    let ours = opt_conv(&["-disable-output", "-passes=verify"], &src);
    assert_eq!(ours.code, 1);
    let llvm = std::fs::read_to_string(root.join("llvm-out/Verifier/convergencectrl-invalid.ll.opt.out")).unwrap();
    let (a, b) = (verifier_messages(&ours.stderr), verifier_messages(&llvm));
    assert_eq!(b.len(), 24, "opt-22 reports 24 diagnostics");
    assert_eq!(a, b, "same convergence messages, same number of times, same order as opt-22");
}

#[test]
fn corpus_accepted_and_rejected_as_opt22_does() {
    let test = "conformance::corpus_accepted_and_rejected_as_opt22_does";
    let Some(root) = conformance_dir_for(test, "verifying the corpus") else { return };
    let rows = manifest(&root);
    let mut paths: Vec<&str> = rows.iter().map(|r| r.path.as_str()).collect();
    paths.sort();
    paths.dedup();
    let mut rejected = 0;
    for rel in paths {
        // opt-22 rejected the input if any of its recorded runs says so.
        let opt22_rejects = rows.iter().filter(|r| r.path == rel).any(|r| {
            std::fs::read_to_string(root.join(&r.out_file)).is_ok_and(|t| t.contains("input module is broken!"))
        });
        let src = std::fs::read_to_string(root.join(rel)).unwrap();
        let ours = opt_conv(&["-disable-output", "-passes=verify"], &src);
        assert_eq!(
            ours.code != 0,
            opt22_rejects,
            "{rel}: opt-22 {} it; we exited {}:\n{}",
            if opt22_rejects { "rejects" } else { "accepts" },
            ours.code,
            ours.stderr
        );
        rejected += usize::from(opt22_rejects);
    }
    assert_eq!(rejected, 2, "convergencectrl-invalid.ll and join-at-loop-heart.ll");
}
