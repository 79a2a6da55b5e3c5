//! Malformed input gives a located error (`file:line:col: error: message`,
//! the source line, a caret), exit status 1, no output, never a panic.
//! Each case under `cases/errors` states its expected error on line 1.

use opt_conv_tests::{opt_conv, tests_dir};

#[test]
fn error_cases() {
    insta::glob!("cases/errors/*.ll", |path| {
        let src = std::fs::read_to_string(path).unwrap();
        let expect =
            src.lines().next().and_then(|l| l.strip_prefix("; expect: ")).expect("'; expect: L:C: message' header");
        let rel = format!("cases/errors/{}", path.file_name().unwrap().to_str().unwrap());
        let dir = tests_dir();
        let full = dir.join(&rel);
        let r = opt_conv(&["-disable-output", full.to_str().unwrap()], "");
        assert_eq!(r.code, 1, "exit status for {rel}: {}", r.stderr);
        assert!(r.stdout.is_empty());
        let (loc, msg) = expect.split_once(": ").expect("L:C: message");
        let want = format!("opt-conv: {}:{loc}: error: {msg}", full.display());
        assert_eq!(r.stderr.lines().next(), Some(want.as_str()), "{rel}: got\n{}", r.stderr);
        // The caret sits under the reported column.
        let col: usize = expect.split(':').nth(1).unwrap().parse().unwrap();
        let caret = r.stderr.lines().nth(2).unwrap_or("");
        assert_eq!(caret.find('^'), Some(col - 1), "{rel}: caret misplaced:\n{}", r.stderr);
        insta::assert_snapshot!(r.stderr.replace(&dir.display().to_string(), "<tests>"));
    });
}

fn run_bytes(name: &str, bytes: &[u8]) -> opt_conv_tests::Run {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join(name);
    std::fs::write(&p, bytes).unwrap();
    let r = opt_conv(&["-S", p.to_str().unwrap()], "");
    opt_conv_tests::Run {
        code: r.code,
        stdout: r.stdout,
        stderr: r.stderr.replace(&dir.path().display().to_string(), "<tmp>"),
    }
}

#[test]
fn invalid_utf8_is_located() {
    let r = run_bytes("bad.ll", b"define void @f() {\n  ret void ; caf\xe9\n}\n");
    assert_eq!(r.code, 1);
    assert!(r.stdout.is_empty());
    assert_eq!(
        r.stderr,
        "opt-conv: <tmp>/bad.ll:2:17: error: invalid UTF-8 in input\n  ret void ; caf\u{fffd}\n                ^\n"
    );
}

/// As for opt, an empty or comment-only file is an empty module.
#[test]
fn empty_and_comment_only_files_are_empty_modules() {
    for (name, body) in [("empty.ll", &b""[..]), ("blank.ll", b"\n\n  \n"), ("comments.ll", b"; nothing here\n")] {
        let r = run_bytes(name, body);
        assert_eq!(r.code, 0, "{name}: {}", r.stderr);
        assert!(r.stdout.contains("source_filename"), "{name}: {}", r.stdout);
        assert!(!r.stdout.contains("define") && !r.stdout.contains("declare"), "{name}: {}", r.stdout);
    }
}

/// Bitcode in or out is refused with a clear message, not read as bad text
/// or written as text under a `.bc` name.
#[test]
fn bitcode_is_refused_clearly() {
    for body in [&b"BC\xC0\xDE\x35\x14\x00\x00"[..], &[0xDE, 0xC0, 0x17, 0x0B, 0, 0, 0, 0]] {
        let r = run_bytes("in.bc", body);
        assert_eq!(r.code, 1);
        assert!(r.stderr.contains("error: bitcode input is not supported"), "{}", r.stderr);
        assert!(r.stdout.is_empty());
    }
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.bc");
    let r = opt_conv(&["-o", out.to_str().unwrap(), "-"], "");
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("error: bitcode output is not supported"), "{}", r.stderr);
    assert!(!out.exists(), "nothing written");
    let r = opt_conv(&["-S", "-o", out.to_str().unwrap(), "-"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
}

#[test]
fn missing_file() {
    let r = opt_conv(&["/nonexistent/x.ll"], "");
    assert_eq!(r.code, 1);
    assert_eq!(r.stderr, "opt-conv: /nonexistent/x.ll: error: Could not open input file: No such file or directory\n");
}

#[test]
fn stdin_is_named_stdin() {
    let r = opt_conv(&["-S", "-"], "define void @f() {\n  ret i32 0\n}\n");
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.starts_with("opt-conv: <stdin>:2:7: error: value doesn't match function result type 'void'"),
        "{}",
        r.stderr
    );
}

#[test]
fn error_leaves_no_output_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.ll");
    let input = dir.path().join("in.ll");
    std::fs::write(&input, "define void @f() {\n  %x = add i32 %y, 1\n  ret void\n}\n").unwrap();
    let r = opt_conv(&["-S", "-o", out.to_str().unwrap(), input.to_str().unwrap()], "");
    assert_eq!(r.code, 1);
    assert!(!out.exists(), "no output file on error");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "no temporary file left behind");
}

/// Every prefix of a valid module is rejected or accepted cleanly.
#[test]
fn every_truncation_is_handled() {
    let src = std::fs::read_to_string(tests_dir().join("cases/parse/calls.ll")).unwrap();
    for cut in (0..src.len()).filter(|&i| src.is_char_boundary(i)) {
        let prefix = &src[..cut];
        if let Err(e) = opt_conv_ir::parse_module("t.ll", prefix) {
            assert!(e.loc.is_some(), "unlocated error for prefix of length {cut}: {e}");
        }
    }
}

/// Inputs the fuzzer found problems with (hangs, panics) stay as regression
/// tests: each must now give a located error or a module, promptly.
#[test]
fn fuzz_regressions() {
    for e in std::fs::read_dir(tests_dir().join("cases/fuzz")).unwrap() {
        let p = e.unwrap().path();
        let bytes = std::fs::read(&p).unwrap();
        match opt_conv::load_module("f.ll", &bytes) {
            Err(text) => assert!(text.starts_with("opt-conv: f.ll:"), "{}: unlocated error {text}", p.display()),
            Ok((m, _)) => {
                if opt_conv_passes::verify::verify_all(&m).is_empty() {
                    let printed = opt_conv_ir::print_module(&m);
                    let (again, _) = opt_conv_ir::parse_module("f.ll", &printed).expect("printed IR parses");
                    assert_eq!(opt_conv_ir::print_module(&again), printed);
                }
            }
        }
    }
}
