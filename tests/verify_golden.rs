//! Convergence-verifier golden tests: for each rule an invalid case and its
//! valid counterpart (`cases/verify`). Each invalid case lists on
//! `; expect-error:` lines the exact messages, in order, that LLVM 22's
//! verifier prints for it (the cross-check script compares with opt-22
//! itself); each valid one says `; expect: valid`.

use opt_conv_tests::{opt_conv, scrub_tests_dir};

/// The message lines of a run (located `error:` lines, without location).
fn messages(stderr: &str) -> Vec<String> {
    stderr
        .lines()
        .filter_map(|l| l.split_once(": error: ").map(|(_, m)| m.to_owned()))
        .filter(|m| m != "input module is broken!")
        .collect()
}

#[test]
fn verifier_rules() {
    let mut rules = 0;
    insta::glob!("cases/verify/*.ll", |path| {
        let src = std::fs::read_to_string(path).unwrap();
        let want: Vec<String> =
            src.lines().filter_map(|l| l.strip_prefix("; expect-error: ")).map(str::to_owned).collect();
        let valid = src.lines().any(|l| l == "; expect: valid");
        assert!(valid == want.is_empty(), "{}: needs either expect-error lines or '; expect: valid'", path.display());
        let r = opt_conv(&["-disable-output", path.to_str().unwrap()], "");
        if valid {
            assert_eq!(r.code, 0, "{}: {}", path.display(), r.stderr);
        } else {
            assert_eq!(r.code, 1, "{}", path.display());
            assert_eq!(messages(&r.stderr), want, "{}", path.display());
            assert!(r.stderr.ends_with("error: input module is broken!\n"));
            insta::assert_snapshot!(scrub_tests_dir(&r.stderr));
        }
        rules += 1;
    });
    assert!(rules >= 30);
}
