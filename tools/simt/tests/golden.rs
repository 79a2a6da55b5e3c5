//! Golden tests of `simt-run` on the spec's examples (`cases/run`) and on
//! programs with undefined behaviour or runaway loops (`cases/errors`). Each
//! case states its command line on a `; run:` line; error cases state the
//! exact message on `; expect-error:`.

use std::path::Path;
use std::process::Command;

struct Out {
    code: i32,
    stdout: String,
    stderr: String,
}

fn simt_run(args: &[&str]) -> Out {
    let o = Command::new(env!("CARGO_BIN_EXE_simt-run"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("simt-run runs");
    Out {
        code: o.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&o.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&o.stderr).into_owned(),
    }
}

/// The case's command line, ending with its path relative to the crate.
fn command_line(path: &Path) -> (String, Vec<String>) {
    let src = std::fs::read_to_string(path).unwrap();
    let run = src.lines().find_map(|l| l.strip_prefix("; run: ")).expect("a '; run:' line");
    let mut args: Vec<String> = run.split_whitespace().map(str::to_owned).collect();
    let rel = path.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap().display().to_string();
    args.push(rel);
    (src, args)
}

#[test]
fn spec_examples() {
    let mut cases = 0;
    insta::glob!("../cases", "run/*.ll", |path| {
        let (_, args) = command_line(path);
        let r = simt_run(&args.iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!(r.code, 0, "{}: {}", path.display(), r.stderr);
        assert!(r.stderr.is_empty(), "{}", r.stderr);
        insta::assert_snapshot!(r.stdout);
        cases += 1;
    });
    assert!(cases >= 8);
}

#[test]
fn error_cases() {
    let mut cases = 0;
    insta::glob!("../cases", "errors/*.ll", |path| {
        let (src, args) = command_line(path);
        let want = src.lines().find_map(|l| l.strip_prefix("; expect-error: ")).expect("an expect-error line");
        let r = simt_run(&args.iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!(r.code, 1, "{}", path.display());
        assert!(r.stdout.is_empty());
        assert_eq!(r.stderr, format!("simt-run: {want}\n"), "{}", path.display());
        cases += 1;
    });
    assert!(cases >= 6);
}

#[test]
fn output_is_deterministic() {
    let args = ["--threads", "8", "--func", "append", "--seed", "3", "cases/run/reserve-space.ll"];
    let a = simt_run(&args);
    assert_eq!(a.code, 0, "{}", a.stderr);
    for _ in 0..3 {
        assert_eq!(simt_run(&args).stdout, a.stdout);
    }
}

#[test]
fn parse_errors_use_the_ir_crates_format() {
    let dir = std::env::temp_dir().join(format!("simt-parse-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("bad.ll");
    std::fs::write(&f, "define void @f() {\nentry:\n  %x = add i32 1, %nope\n  ret void\n}\n").unwrap();
    let r = simt_run(&["--func", "f", f.to_str().unwrap()]);
    assert_eq!(r.code, 1);
    let first = r.stderr.lines().next().unwrap();
    assert!(first.starts_with(&format!("{}:3:", f.display())), "{first}");
    assert!(first.contains(": error: "), "{first}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_command_lines_fail_cleanly() {
    let wrong_arity = simt_run(&["--func", "example_kernel", "--args", "1,2", "cases/run/reduction.ll"]);
    assert_eq!(wrong_arity.code, 1);
    assert_eq!(wrong_arity.stderr, "simt-run: --args gives 2 values but the function takes 1 parameters\n");
    let no_func = simt_run(&["--func", "nope", "cases/run/reduction.ll"]);
    assert_eq!((no_func.code, no_func.stderr.as_str()), (1, "simt-run: no function @nope in the module\n"));
    let too_many = simt_run(&["--func", "example_kernel", "--threads", "65", "cases/run/reduction.ll"]);
    assert_eq!(too_many.code, 1);
    assert!(too_many.stderr.contains("between 1 and 64"), "{}", too_many.stderr);
    let missing = simt_run(&["--func", "f", "cases/run/missing.ll"]);
    assert_eq!(missing.code, 1);
    assert!(missing.stderr.starts_with("simt-run: cannot read cases/run/missing.ll"), "{}", missing.stderr);
    let bad_value = simt_run(&["--func", "example_kernel", "--args", "x", "cases/run/reduction.ll"]);
    assert_eq!(bad_value.stderr, "simt-run: bad argument 'x' for type i32\n");
}
