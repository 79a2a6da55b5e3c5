//! Uniformity in LLVM-compatible mode against LLVM 22: for every uniformity
//! test of the corpus (the commands of `MANIFEST.tsv` that opt-22 ran
//! successfully), the DIVERGENT flags of every argument, instruction and
//! terminator, the assumed-divergent and divergent-exit cycles and the
//! temporal divergence list (as sets: LLVM prints them in the order of hash
//! sets and of its worklist) must equal opt-22's for each function. The same
//! holds on generated modules with nested and irreducible cycles, compared
//! with opt-22 run live. Differences are allowed only for functions listed in
//! `uniformity-expectations.tsv`, each with its reason; a listed function
//! that matches is an error too (the list must stay accurate).

use opt_conv_tests::{command_args, conformance_dir_for, manifest, opt_conv, opt22_for, tests_dir};
use std::collections::{BTreeMap, BTreeSet};

#[derive(Debug, Default, PartialEq, Eq)]
struct FunctionResult {
    all_uniform: bool,
    args: BTreeSet<String>,
    assumed: BTreeSet<String>,
    exits: BTreeSet<String>,
    /// Per block: (name, definition flags, terminator flag).
    blocks: Vec<(String, Vec<bool>, bool)>,
    /// `(value, user, cycle)` entries, sorted.
    temporal: Vec<(String, String, String)>,
}

/// A cycle line with its non-entry blocks sorted (LLVM versions order them differently).
fn normalize_cycle(line: &str) -> String {
    let line = line.trim();
    match line.split_once(") ") {
        Some((head, rest)) => {
            let mut blocks: Vec<&str> = rest.split_whitespace().collect();
            blocks.sort();
            format!("{head}) {}", blocks.join(" "))
        }
        None => line.to_owned(),
    }
}

fn parse(text: &str) -> BTreeMap<String, FunctionResult> {
    let mut out: BTreeMap<String, FunctionResult> = BTreeMap::new();
    let mut cur: Option<String> = None;
    let mut section = "";
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("UniformityInfo for function '") {
            let name = rest.trim_end_matches("':").to_owned();
            out.insert(name.clone(), FunctionResult::default());
            cur = Some(name);
            section = "";
            continue;
        }
        let Some(f) = cur.as_ref().and_then(|c| out.get_mut(c)) else { continue };
        match line {
            "ALL VALUES UNIFORM" => f.all_uniform = true,
            "DIVERGENT ARGUMENTS:" => section = "args",
            "CYCLES ASSUMED DIVERGENT:" | "CYCLES ASSSUMED DIVERGENT:" => section = "assumed",
            "CYCLES WITH DIVERGENT EXIT:" => section = "exits",
            "TEMPORAL DIVERGENCE LIST:" => section = "temporal",
            "DEFINITIONS" => section = "defs",
            "TERMINATORS" => section = "terms",
            "END BLOCK" => section = "",
            _ => {
                if let Some(b) = line.strip_prefix("BLOCK ") {
                    f.blocks.push((b.to_owned(), Vec::new(), false));
                    continue;
                }
                match section {
                    "temporal" => {
                        if let Some(v) = line.strip_prefix("Value         :  ") {
                            f.temporal.push((v.to_owned(), String::new(), String::new()));
                        } else if let Some(u) = line.strip_prefix("Used by       :  ") {
                            if let Some(t) = f.temporal.last_mut() {
                                t.1 = u.to_owned();
                            }
                        } else if let Some(c) = line.strip_prefix("Outside cycle :")
                            && let Some(t) = f.temporal.last_mut()
                        {
                            t.2 = normalize_cycle(c);
                        }
                    }
                    "args" => {
                        if let Some(a) = line.trim().strip_prefix("DIVERGENT: ") {
                            f.args.insert(a.to_owned());
                        }
                    }
                    "assumed" if line.starts_with("  depth=") => {
                        f.assumed.insert(normalize_cycle(line));
                    }
                    "exits" if line.starts_with("  depth=") => {
                        f.exits.insert(normalize_cycle(line));
                    }
                    "defs" if !line.starts_with("          to label") => {
                        if let Some(b) = f.blocks.last_mut() {
                            b.1.push(line.starts_with("  DIVERGENT: "));
                        }
                    }
                    "terms" if line.starts_with("  DIVERGENT: ") => {
                        if let Some(b) = f.blocks.last_mut() {
                            b.2 = true;
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    for f in out.values_mut() {
        f.temporal.sort();
    }
    out
}

fn expectations() -> BTreeMap<(String, String), String> {
    let text = std::fs::read_to_string(tests_dir().join("uniformity-expectations.tsv")).unwrap_or_default();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut c = l.splitn(3, '\t');
            let file = c.next().unwrap_or("").to_owned();
            let func = c.next().unwrap_or("").to_owned();
            let why = c.next().unwrap_or("").to_owned();
            assert!(!why.trim().is_empty(), "expectation for {file} {func} needs a reason");
            ((file, func), why)
        })
        .collect()
}

#[test]
fn uniformity_matches_opt22() {
    let test = "uniformity_conformance::uniformity_matches_opt22";
    let Some(root) = conformance_dir_for(test, "uniformity on the corpus") else { return };
    let rows: Vec<_> = manifest(&root).into_iter().filter(|r| r.area == "uniformity" && r.exit_code == 0).collect();
    assert!(rows.len() >= 40, "the corpus has {} uniformity runs", rows.len());
    let expected = expectations();
    let (mut total, mut matched) = (0, 0);
    let mut unexpected = Vec::new();
    let mut seen_expected = BTreeSet::new();
    for r in &rows {
        let (mut args, file, stdin_file) = command_args(&r.command);
        args.insert(0, "--uniformity=llvm".into());
        let input_rel = file.clone().or(stdin_file.clone()).expect("an input");
        let src = std::fs::read_to_string(root.join(&input_rel)).unwrap();
        let argv: Vec<&str> = args.iter().map(String::as_str).collect();
        let ours = opt_conv(&argv, &src);
        assert_eq!(ours.code, 0, "{}: {}", r.command, ours.stderr);
        let llvm = parse(&std::fs::read_to_string(root.join(&r.out_file)).unwrap());
        let mine = parse(&ours.stderr);
        assert_eq!(llvm.keys().collect::<Vec<_>>(), mine.keys().collect::<Vec<_>>(), "{}: functions", r.command);
        for (name, want) in &llvm {
            total += 1;
            let got = &mine[name];
            let key = (input_rel.clone(), name.clone());
            if got == want {
                matched += 1;
                if expected.contains_key(&key) {
                    unexpected
                        .push(format!("{input_rel} @{name}: listed as differing but matches opt-22 ({})", r.command));
                }
            } else if expected.contains_key(&key) {
                seen_expected.insert(key);
            } else {
                unexpected.push(format!("{input_rel} @{name} ({}):\n  opt-22: {want:?}\n  ours:   {got:?}", r.command));
            }
        }
    }
    let percent = 100.0 * matched as f64 / total as f64;
    eprintln!("uniformity: {matched} of {total} function results identical to opt-22 ({percent:.1}%)");
    for k in expected.keys() {
        if !seen_expected.contains(k) && !unexpected.iter().any(|u| u.starts_with(&format!("{} @{}:", k.0, k.1))) {
            unexpected
                .push(format!("{} @{}: listed in uniformity-expectations.tsv but not in the corpus runs", k.0, k.1));
        }
    }
    assert!(unexpected.is_empty(), "{}", unexpected.join("\n"));
    assert!(percent >= 95.0, "only {percent:.1}% of functions match opt-22");
}

/// Generated modules (nested loops, irreducible regions, divergent branches,
/// phis, calls) against opt-22 run live: every function's result must match.
#[test]
fn generated_modules_match_opt22() {
    if !opt22_for("uniformity_conformance::generated_modules_match_opt22", "uniformity compared with opt-22 live") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut functions = 0;
    for seed in 1..=6u64 {
        let mut cfg = opt_conv_benches::GenConfig::new(12_000, 3_000);
        cfg.seed = seed;
        let path = dir.path().join(format!("g{seed}.ll"));
        std::fs::write(&path, opt_conv_benches::generate(&cfg)).unwrap();
        let file = path.to_str().unwrap();
        let args = ["-passes=print<uniformity>", "-disable-output", file];
        let Some((code, _, reference)) = opt_conv_tests::opt22(&args) else { return };
        assert_eq!(code, 0, "opt-22 failed on seed {seed}");
        let ours = opt_conv(&["--uniformity=llvm", args[0], args[1], args[2]], "");
        assert_eq!(ours.code, 0, "{}", ours.stderr);
        let (want, got) = (parse(&reference), parse(&ours.stderr));
        assert_eq!(want.keys().collect::<Vec<_>>(), got.keys().collect::<Vec<_>>());
        for (name, w) in &want {
            assert_eq!(&got[name], w, "seed {seed}, function {name}");
            functions += 1;
        }
    }
    assert!(functions >= 20, "only {functions} functions compared");
}
