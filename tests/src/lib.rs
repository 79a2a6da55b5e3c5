//! Helpers shared by opt-conv's test suites: locating the conformance
//! corpus, running the driver in-process, and reading `MANIFEST.tsv`.

pub mod progen;

use std::path::{Path, PathBuf};

/// The directory of this crate (`tests/`): where `cargo test` says it is now,
/// not where it was built (a clone may reuse another checkout's build, and
/// what lies beside the repository decides which tests run).
pub fn tests_dir() -> PathBuf {
    PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_else(|| env!("CARGO_MANIFEST_DIR").into()))
}

/// `s` with the tests directory written as `<tests>`: the one the tests run
/// in, and the one they were built in (insta's globs yield paths under the
/// latter, which differs when a build is reused from another checkout).
pub fn scrub_tests_dir(s: &str) -> String {
    let here = tests_dir().display().to_string();
    s.replace(&here, "<tests>").replace(env!("CARGO_MANIFEST_DIR"), "<tests>")
}

/// Whether the tests run under CI (`CI` set to anything but `false`, `0` or
/// empty; insta reads it the same way). There, a missing corpus or opt-22 is
/// a failure: `.ci/run` provides both.
pub fn is_ci() -> bool {
    !matches!(std::env::var("CI").ok().as_deref(), None | Some("false" | "0" | ""))
}

/// Says that `test` skipped `what` because `why`, on one line of the test
/// process's stderr. Written to the stream itself, not with `eprintln!`: the
/// test harness captures the print macros of passing tests, so a skip
/// reported with them would be invisible in a plain `cargo test`.
pub fn report_skip(test: &str, what: &str, why: &str) {
    use std::io::Write;
    let line = format!("skipped: {test}: {what}: {why}\n");
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}

const NO_CORPUS: &str = "conformance corpus not found (set OPT_CONV_CONFORMANCE=DIR, the directory holding \
     MANIFEST.tsv, or put shared/conformance beside the repository; see README.md)";

/// The conformance corpus: `$OPT_CONV_CONFORMANCE`, else `../shared/conformance`
/// next to the repository. `None` if absent; under CI that is a failure.
pub fn conformance_dir() -> Option<PathBuf> {
    let candidates = [
        std::env::var_os("OPT_CONV_CONFORMANCE").map(PathBuf::from),
        Some(tests_dir().join("../../shared/conformance")),
    ];
    let found = candidates.into_iter().flatten().find(|p| p.join("MANIFEST.tsv").is_file());
    if found.is_none() && is_ci() {
        panic!("{NO_CORPUS}; required under CI");
    }
    found
}

/// The corpus for `test`, which checks `what` with it; if it is absent, says
/// so on a visible line (see [`report_skip`]) and returns `None`.
pub fn conformance_dir_for(test: &str, what: &str) -> Option<PathBuf> {
    let found = conformance_dir();
    if found.is_none() {
        report_skip(test, what, NO_CORPUS);
    }
    found
}

/// One row of `MANIFEST.tsv`.
#[derive(Clone, Debug)]
pub struct ManifestRow {
    /// Input path relative to the corpus root.
    pub path: String,
    /// Area (`verifier`, `uniformity`, `cycleinfo`, ...).
    pub area: String,
    /// The opt-22 command that was run.
    pub command: String,
    /// Its exit status under LLVM 22.
    pub exit_code: i32,
    /// Where its output was recorded.
    pub out_file: String,
    /// `verbatim#N`, `adapted#N` or `extra`.
    pub run_kind: String,
}

/// Reads `MANIFEST.tsv`.
pub fn manifest(root: &Path) -> Vec<ManifestRow> {
    let text = std::fs::read_to_string(root.join("MANIFEST.tsv")).expect("MANIFEST.tsv");
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            ManifestRow {
                path: c[0].to_owned(),
                area: c[1].to_owned(),
                command: c[2].to_owned(),
                exit_code: c[3].parse().unwrap_or(-1),
                out_file: c[5].to_owned(),
                run_kind: c[6].to_owned(),
            }
        })
        .collect()
}

/// Corpus inputs that opt-22 reads and verifies (exit 0, or a crash inside a
/// pass after verification), in path order.
pub fn accepted_inputs(root: &Path) -> Vec<String> {
    let rows = manifest(root);
    let mut out: Vec<String> = rows
        .iter()
        .filter(|r| (r.exit_code == 0 || r.exit_code == 134) && !r.command.contains("-disable-verify"))
        .map(|r| r.path.clone())
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Result of running the driver in-process.
pub struct Run {
    /// Exit status.
    pub code: u8,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

/// Runs `opt-conv ARGS` in-process with `stdin`.
pub fn opt_conv(args: &[&str], stdin: &str) -> Run {
    let argv = std::iter::once("opt-conv").chain(args.iter().copied()).map(Into::into).collect();
    let mut out = Vec::new();
    let mut err = Vec::new();
    let code = opt_conv::run_main(argv, &mut stdin.as_bytes(), &mut out, &mut err);
    Run { code, stdout: String::from_utf8_lossy(&out).into_owned(), stderr: String::from_utf8_lossy(&err).into_owned() }
}

fn opt22_exe() -> std::ffi::OsString {
    std::env::var_os("OPT22").unwrap_or_else(|| "opt-22".into())
}

/// Runs LLVM 22's `opt` (`$OPT22`, else `opt-22` on `PATH`) with `args`,
/// returning `(exit status, stdout, stderr)`; `None` if it is not installed.
/// Under CI a missing `opt-22` is a failure: `.ci/run` installs it. Callers
/// first ask [`opt22_for`], which reports the skip.
pub fn opt22(args: &[&str]) -> Option<(i32, String, String)> {
    match std::process::Command::new(opt22_exe()).args(args).output() {
        Ok(o) => Some((
            o.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&o.stdout).into_owned(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )),
        Err(_) if is_ci() => panic!("{}; required under CI", no_opt22()),
        Err(_) => None,
    }
}

fn no_opt22() -> String {
    format!(
        "{} not found (install LLVM 22, e.g. `apt-get install llvm-22` from apt.llvm.org, or set OPT22=PATH)",
        opt22_exe().to_string_lossy()
    )
}

/// Whether opt-22 runs, for `test`, which compares `what` with it; if not,
/// says so on a visible line (see [`report_skip`]). Under CI, a failure.
pub fn opt22_for(test: &str, what: &str) -> bool {
    static INSTALLED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    let installed = *INSTALLED.get_or_init(|| {
        std::process::Command::new(opt22_exe())
            .arg("--version")
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    });
    if !installed {
        if is_ci() {
            panic!("{test}: {}; required under CI", no_opt22());
        }
        report_skip(test, what, &no_opt22());
    }
    installed
}

/// The arguments of an opt-22 command line, minus the tool, redirections and
/// quoting; `None` for the input if it is read from stdin.
pub fn command_args(cmd: &str) -> (Vec<String>, Option<String>, Option<String>) {
    let mut args = Vec::new();
    let mut stdin_file = None;
    let mut toks = cmd.split_whitespace().skip(1).peekable();
    while let Some(t) = toks.next() {
        if t == "<" {
            stdin_file = toks.next().map(str::to_owned);
            continue;
        }
        args.push(t.replace('\'', ""));
    }
    let file = args.iter().position(|a| a.ends_with(".ll")).map(|i| args.remove(i));
    (args, file, stdin_file)
}

/// The directories of transform cases under `cases/` (as `cases/NAME`),
/// sorted: those in which every `.ll` file has a `; RUN:` line. Discovered,
/// not listed, so a new pass's directory cannot be left out of a harness.
pub fn transform_case_dirs() -> Vec<String> {
    let root = tests_dir().join("cases");
    let mut dirs = Vec::new();
    for e in std::fs::read_dir(&root).unwrap() {
        let path = e.unwrap().path();
        if !path.is_dir() {
            continue;
        }
        let files: Vec<PathBuf> = std::fs::read_dir(&path)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "ll"))
            .collect();
        let all_run = !files.is_empty()
            && files.iter().all(|f| std::fs::read_to_string(f).unwrap().lines().any(|l| l.starts_with("; RUN: ")));
        if all_run {
            dirs.push(format!("cases/{}", path.file_name().unwrap().to_string_lossy()));
        }
    }
    dirs.sort();
    dirs
}

/// Whether opt-22 accepts the module `ir` whole: `-passes=verify` exits 0,
/// and it does not drop the debug info as invalid (opt only warns about
/// that, then strips it, so an exit status alone misses a broken
/// `#dbg_assign` link or a location in the wrong subprogram). `Err` holds
/// opt-22's first complaint. Callers first ask [`opt22_for`].
pub fn opt22_accepts(ir: &str) -> Result<(), String> {
    let mut tmp = tempfile::Builder::new().suffix(".ll").tempfile().expect("temporary file");
    std::io::Write::write_all(&mut tmp, ir.as_bytes()).expect("write temporary file");
    let path = tmp.path().to_str().expect("utf-8 path");
    let (code, _, err) = opt22(&["-passes=verify", "-disable-output", path]).ok_or("opt-22 did not run")?;
    let complaint = || err.lines().find(|l| !l.trim().is_empty()).unwrap_or("").to_owned();
    if code != 0 || err.contains("invalid debug info") { Err(complaint()) } else { Ok(()) }
}

/// The start of a kernel `@k(i1 %u, i32 %x)` for the tests of per-function
/// budgets: `decls` (which must declare `@use(i32)`), then an entry block
/// with the entry token `%e` and a chain of `len` adds, so that each walk
/// of the function counts; the chain's end is used, and the block branches
/// to `%b0`. Returns the text and the name of the chain's last value.
pub fn long_prologue_kernel(decls: &str, len: usize) -> (String, String) {
    use std::fmt::Write;
    let mut s = format!(
        "target triple = \"amdgcn-amd-amdhsa\"\n{decls}\
         define amdgpu_kernel void @k(i1 %u, i32 %x) convergent {{\n\
         entry:\n  %e = call token @llvm.experimental.convergence.entry()\n"
    );
    let mut prev = "%x".to_owned();
    for i in 0..len {
        let _ = writeln!(s, "  %pad{i} = add i32 {prev}, 1");
        prev = format!("%pad{i}");
    }
    let _ = write!(s, "  call void @use(i32 {prev})\n  br label %b0\n");
    (s, prev)
}
