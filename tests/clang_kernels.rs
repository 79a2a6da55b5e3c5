//! Kernels compiled by clang-22 with `-g`: the whole pipeline keeps their
//! debug records and inlined locations valid for LLVM 22. Needs clang-22
//! and opt-22 (skipped, visibly, without them; required under CI).

use opt_conv_tests::{is_ci, opt_conv, opt22, opt22_for, report_skip, tests_dir};

/// Compiles `kernels/NAME` for amdgcn with `flags`, or `None` (reported)
/// without clang-22.
fn compile(test: &str, name: &str, flags: &[&str]) -> Option<String> {
    let src = tests_dir().join("kernels").join(name);
    let out = tempfile::Builder::new().suffix(".ll").tempfile().unwrap();
    let clang = std::env::var_os("CLANG22").unwrap_or_else(|| "clang-22".into());
    let mut cmd = std::process::Command::new(&clang);
    cmd.args(["-x", "cl", "-cl-std=CL2.0", "-Xclang", "-finclude-default-header"])
        .args(["-target", "amdgcn-amd-amdhsa", "-mcpu=gfx1030", "-nogpulib", "-S", "-emit-llvm"])
        .args(flags)
        .arg(&src)
        .arg("-o")
        .arg(out.path());
    match cmd.output() {
        Ok(o) if o.status.success() => Some(std::fs::read_to_string(out.path()).unwrap()),
        Ok(o) => panic!("clang-22 failed on {name}: {}", String::from_utf8_lossy(&o.stderr)),
        Err(_) if is_ci() => panic!("{test}: clang-22 not found (set CLANG22=PATH); required under CI"),
        Err(_) => {
            report_skip(
                test,
                "compiling OpenCL kernels",
                "clang-22 not found (apt-get install clang-22, or CLANG22=PATH)",
            );
            None
        }
    }
}

#[test]
fn debug_build_through_the_pipeline() {
    const TEST: &str = "debug_build_through_the_pipeline";
    if !opt22_for(TEST, "checking the output") {
        return;
    }
    // -O2 marks functions for optimization; stopping clang's own passes
    // leaves the helper to our inliner.
    let Some(src) = compile(TEST, "barrier-subgroup.cl", &["-O2", "-g", "-Xclang", "-disable-llvm-passes"]) else {
        return;
    };
    assert!(src.contains("#dbg_"), "clang-22 -g emits debug records");
    let args = [
        "-S",
        "-verify-each",
        "-passes=infer-convergence-tokens,inline,loop-unroll,sink,hoist,jump-threading,dce",
        "-pass-remarks=inline",
        "-",
    ];
    let r = opt_conv(&args, &src);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stderr.contains("inline: inlined @weigh into"), "{}", r.stderr);
    assert!(r.stdout.contains("#dbg_") && r.stdout.contains("inlinedAt:"), "debug info kept:\n{}", r.stdout);
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.ll");
    std::fs::write(&out, &r.stdout).unwrap();
    let (code, _, err) = opt22(&["-passes=verify", "-disable-output", out.to_str().unwrap()]).expect("checked above");
    assert_eq!(code, 0, "{err}");
    // LLVM drops the debug info of a function it finds invalid, with a warning.
    assert!(!err.contains("invalid debug info"), "{err}");
}
