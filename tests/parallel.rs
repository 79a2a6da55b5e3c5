//! `-j N` changes nothing but speed: the output, remarks and analysis
//! printer output are byte-identical with one thread and with four.

use opt_conv_tests::{opt_conv, tests_dir};

/// The pipelines compared: the inliner's pipeline, each function pass
/// alone, and the analysis printers.
const PIPELINES: &[&str] = &[
    "inline,loop-unroll,sink,hoist,jump-threading",
    "loop-unroll",
    "loop-unroll,loop-unroll",
    "require<opt-remark-emit>,loop(loop-unroll-full),verify<domtree>,verify<loops>",
    "sink",
    "hoist",
    "jump-threading",
    "dce",
    "instsimplify",
    "loop-simplify",
    "infer-convergence-tokens",
    "infer-convergence-tokens,loop-unroll,print<uniformity>",
    "print<uniformity>",
    "print<cycles>",
    "print<domtree>",
    "print<postdomtree>",
    "verify<cycles>",
];

const REMARKS: [&str; 3] = ["-pass-remarks=.*", "-pass-remarks-missed=.*", "-pass-remarks-analysis=.*"];

/// Runs `pipeline` on `text` with 1 and 4 threads; panics if anything differs.
fn same_with_threads(what: &str, text: &str, pipeline: &str, extra: &[&str]) {
    let passes = format!("-passes={pipeline}");
    let run = |j: &str| {
        let mut args = vec!["-S", "-j", j, passes.as_str()];
        args.extend(REMARKS);
        args.extend(extra);
        opt_conv(&args, text)
    };
    let (one, four) = (run("1"), run("4"));
    assert_eq!(one.code, four.code, "{what} [{pipeline}]: exit status");
    assert!(one.stdout == four.stdout, "{what} [{pipeline}]: output differs with -j 4");
    assert!(one.stderr == four.stderr, "{what} [{pipeline}]: remarks or printer output differ with -j 4");
}

#[test]
fn golden_cases_same_with_one_and_four_threads() {
    let mut files = Vec::new();
    let mut dirs = vec![tests_dir().join("cases")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "ll") {
                files.push(p);
            }
        }
    }
    files.sort();
    assert!(files.len() > 50, "{} cases", files.len());
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for p in PIPELINES {
            same_with_threads(&f.display().to_string(), &text, p, &[]);
        }
    }
}

#[test]
fn many_functions_same_with_one_and_four_threads() {
    // 200 functions calling each other, with loops, convergent calls and
    // irreducible regions.
    let text = opt_conv_benches::generate(&opt_conv_benches::GenConfig::with_calls(40_000, 200));
    for p in PIPELINES {
        same_with_threads("generated module", &text, p, &["-unroll-runtime"]);
    }
    let text = opt_conv_benches::generate(&opt_conv_benches::GenConfig::new(40_000, 200));
    for p in ["inline,loop-unroll,sink,hoist,jump-threading", "loop-unroll", "print<uniformity>"] {
        same_with_threads("generated module", &text, p, &["-unroll-runtime"]);
        same_with_threads("generated module", &text, p, &["-unroll-count=4"]);
    }
}

#[test]
fn threads_option_spellings() {
    let text = "define void @f() {\n  ret void\n}\n";
    for args in [["-j", "2"].as_slice(), &["-j2"], &["-threads=2"], &["-j=2"]] {
        let mut a = args.to_vec();
        a.extend(["-S", "-passes=sink"]);
        let r = opt_conv(&a, text);
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
    }
    let r = opt_conv(&["-j", "0", "-passes=sink"], text);
    assert_ne!(r.code, 0, "-j 0 is refused");
}
