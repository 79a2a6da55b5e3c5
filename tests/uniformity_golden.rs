//! Token-aware uniformity: golden cases (`cases/uniformity`) printed in both
//! modes, side by side. Each case states, on `; expect: MODE uniform|divergent
//! %name` lines (which blessing cannot erase), the spec's answer in token mode
//! and LLVM's in LLVM-compatible mode; the LLVM-compatible output is also
//! compared with opt-22's, byte for byte, when opt-22 is installed.

use opt_conv_tests::{opt_conv, opt22, opt22_for};

/// Whether the printed analysis marks the definition of `%name` divergent.
fn flag(printed: &str, name: &str) -> Option<bool> {
    let needle = format!("{name} = ");
    printed
        .lines()
        .find(|l| l.trim_start_matches("  DIVERGENT:").trim_start().starts_with(&needle))
        .map(|l| l.starts_with("  DIVERGENT: "))
}

#[test]
fn token_aware_uniformity() {
    let live =
        opt22_for("uniformity_golden::token_aware_uniformity", "--uniformity=llvm compared with opt-22's output");
    insta::glob!("cases/uniformity/*.ll", |path| {
        let src = std::fs::read_to_string(path).unwrap();
        let file = path.to_str().unwrap();
        let run = |mode: &str| {
            let r =
                opt_conv(&["-disable-output", "-passes=print<uniformity>", &format!("--uniformity={mode}"), file], "");
            assert_eq!(r.code, 0, "{}", r.stderr);
            r.stderr
        };
        let (llvm, tokens) = (run("llvm"), run("tokens"));
        // LLVM-compatible mode must be exactly what LLVM 22 prints.
        if live && let Some((code, _, reference)) = opt22(&["-disable-output", "-passes=print<uniformity>", file]) {
            assert_eq!(code, 0, "opt-22 rejected {file}: {reference}");
            assert_eq!(llvm, reference, "{file}: --uniformity=llvm differs from opt-22");
        }
        let mut checked = 0;
        for l in src.lines() {
            let Some(rest) = l.strip_prefix("; expect: ") else { continue };
            let parts: Vec<&str> = rest.split_whitespace().collect();
            let [mode, want, name] = parts[..] else { panic!("bad expectation '{l}'") };
            let printed = if mode == "llvm" { &llvm } else { &tokens };
            let got = flag(printed, name).unwrap_or_else(|| panic!("{file}: {name} not printed"));
            assert_eq!(
                got,
                want == "divergent",
                "{file}: {mode} mode says {name} is {}",
                if got { "divergent" } else { "uniform" }
            );
            checked += 1;
        }
        assert!(checked > 0, "{file}: no expectations");
        insta::assert_snapshot!(format!("--uniformity=llvm:\n{llvm}\n--uniformity=tokens:\n{tokens}"));
    });
}
