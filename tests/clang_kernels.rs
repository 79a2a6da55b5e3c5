//! Kernels compiled by clang-22 with `-g`: the whole pipeline keeps their
//! debug records and inlined locations valid for LLVM 22. Needs clang-22
//! and opt-22 (skipped, visibly, without them; required under CI).

use opt_conv_ir::parse_module;
use opt_conv_simt::equiv::CexKind;
use opt_conv_simt::{EquivConfig, check_equivalence};
use opt_conv_tests::{is_ci, opt_conv, opt22, opt22_accepts, opt22_for, report_skip, tests_dir};

/// Compiles `kernels/NAME` for amdgcn with `flags`, or `None` (reported)
/// without clang-22.
fn compile(test: &str, name: &str, flags: &[&str]) -> Option<String> {
    let opencl = ["-x", "cl", "-cl-std=CL2.0", "-Xclang", "-finclude-default-header"];
    let amdgcn = ["-target", "amdgcn-amd-amdhsa", "-mcpu=gfx1030", "-nogpulib"];
    clang(test, name, &[&opencl[..], &amdgcn, flags].concat())
}

/// Runs clang-22 on `kernels/NAME` with `flags` and `-S -emit-llvm`: the
/// module, or `None` (reported) without clang-22.
fn clang(test: &str, name: &str, flags: &[&str]) -> Option<String> {
    let src = tests_dir().join("kernels").join(name);
    let out = tempfile::Builder::new().suffix(".ll").tempfile().unwrap();
    let clang = std::env::var_os("CLANG22").unwrap_or_else(|| "clang-22".into());
    let mut cmd = std::process::Command::new(&clang);
    cmd.args(flags).args(["-S", "-emit-llvm"]).arg(&src).arg("-o").arg(out.path());
    match cmd.output() {
        Ok(o) if o.status.success() => Some(std::fs::read_to_string(out.path()).unwrap()),
        Ok(o) => panic!("clang-22 failed on {name}: {}", String::from_utf8_lossy(&o.stderr)),
        Err(_) if is_ci() => panic!("{test}: clang-22 not found (set CLANG22=PATH); required under CI"),
        Err(_) => {
            report_skip(test, "compiling kernels", "clang-22 not found (apt-get install clang-22, or CLANG22=PATH)");
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

/// HLSL compute kernels compiled by clang-22: for Vulkan SPIR-V they are
/// clang's own convergence-token output (entry and loop intrinsics, a
/// `"convergencectrl"` bundle on every wave operation); for DXIL, the same
/// kernels with implicit convergence.
/// Each build, optimized or not, with and without `-g`, loads here exactly
/// when it loads in opt-22 (clang's `-O3` can emit a loop intrinsic after a
/// convergent call in one block, which both refuse), and every pass and
/// the whole pipeline keep it valid for opt-22. The SIMT judge, which runs
/// the kernels' resources and wave operations, finds every output of the
/// builds without `-g` equivalent to its input, or cannot run it (DirectX
/// builds with allocas can make more, over all threads, than its 32-bit
/// pointers can address).
#[test]
fn hlsl_kernels_through_every_pass() {
    const TEST: &str = "hlsl_kernels_through_every_pass";
    if !opt22_for(TEST, "checking the outputs") {
        return;
    }
    let include = tests_dir().join("kernels").join("hlsl");
    let include = format!("-I{}", include.display());
    let targets = ["spirv-unknown-vulkan1.3-compute", "dxil-pc-shadermodel6.6-compute"];
    let levels: [&[&str]; 3] =
        [&["-O0", "-Xclang", "-disable-O0-optnone"], &["-O2", "-Xclang", "-disable-llvm-passes"], &["-O3"]];
    let pipelines = [
        "inline,loop-unroll,sink,hoist,jump-threading,simplifycfg,dce,globaldce",
        "inline,simplifycfg,jump-threading,loop-unroll,hoist,sink,globaldce",
    ];
    let mut loaded = 0;
    let (mut judged, mut unjudged) = (0, 0);
    // Debug builds of the executor are slow.
    let trials = if cfg!(debug_assertions) { 4 } else { 16 };
    let config = EquivConfig { trials, threads: vec![8, 5, 3], ..EquivConfig::default() };
    for kernel in ["loops.hlsl", "calls.hlsl", "ballot.hlsl"] {
        for target in targets {
            for level in levels {
                for debug in [&[][..], &["-g"]] {
                    let flags = [&["-x", "hlsl", "-hlsl-entry", "main", "-target", target, &include][..], level, debug]
                        .concat();
                    let Some(src) = clang(TEST, &format!("hlsl/{kernel}"), &flags) else { return };
                    let what = format!("{kernel} {}", flags.join(" "));
                    let tokens = src.contains("llvm.experimental.convergence.entry");
                    assert_eq!(tokens, target.starts_with("spirv"), "{what}: clang-22 emits tokens for SPIR-V only");
                    let ours = opt_conv(&["-passes=verify", "-disable-output", "-"], &src);
                    assert_eq!(
                        ours.code == 0,
                        opt22_accepts(&src).is_ok(),
                        "{what}: we and opt-22 disagree on the input:\n{}",
                        ours.stderr
                    );
                    if ours.code != 0 {
                        continue;
                    }
                    loaded += 1;
                    for passes in pipelines.iter().copied().chain([
                        "inline",
                        "loop-unroll",
                        "sink",
                        "hoist",
                        "jump-threading",
                        "simplifycfg",
                    ]) {
                        let r = opt_conv(&["-S", "-verify-each", &format!("-passes={passes}"), "-"], &src);
                        assert_eq!(r.code, 0, "{what} -passes={passes}: {}", r.stderr);
                        if let Err(e) = opt22_accepts(&r.stdout) {
                            panic!("{what} -passes={passes}: opt-22 rejects our output: {e}");
                        }
                        if !debug.is_empty() {
                            continue;
                        }
                        let before = parse_module("before.ll", &src).unwrap().0;
                        let after = parse_module("after.ll", &r.stdout).unwrap().0;
                        match check_equivalence(&before, &after, "main", &config) {
                            Ok(()) => judged += 1,
                            Err(c)
                                if c.kind == CexKind::Unrunnable
                                    && c.to_string().contains("does not fit a 4-byte pointer") =>
                            {
                                unjudged += 1
                            }
                            Err(c) => panic!("{what} -passes={passes}: the judge says\n{c}\n--- output\n{}", r.stdout),
                        }
                    }
                }
            }
        }
    }
    // All but clang's broken -O3 builds of one kernel (4 of 36) load.
    assert!(loaded >= 30, "only {loaded} of 36 builds loaded");
    eprintln!("{TEST}: the judge checked {judged} outputs, could not run {unjudged}");
    assert!(judged >= 100, "the judge checked only {judged} outputs ({unjudged} not run)");
}
