//! The example's own binary runs its pass inside opt-conv's pipeline, with
//! every opt-conv behaviour: remarks, `-o`, located errors, `--list-passes`.

use std::process::Command;

const INPUT: &str = r#"target triple = "amdgcn-amd-amdhsa"
declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare void @use(i32)

define void @k(i32 %x, i1 %c) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %s1 = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
  %s2 = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
  %t = add i32 %s2, 1
  br i1 %c, label %then, label %end
then:
  call void @use(i32 %s1)
  call void @use(i32 %t)
  br label %end
end:
  ret void
}

declare token @llvm.experimental.convergence.entry()
"#;

fn run(args: &[&str]) -> (i32, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_opt-conv-cse")).args(args).output().unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into(),
        String::from_utf8_lossy(&o.stderr).into(),
    )
}

#[test]
fn the_pass_runs_inside_function_with_sink_remarks_and_output_file() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("k.ll");
    std::fs::write(&input, INPUT).unwrap();
    let out = dir.path().join("out.ll");
    let (code, stdout, stderr) = run(&[
        "-passes=function(convergent-cse,sink)",
        "-pass-remarks=convergent-cse|sink",
        "-o",
        out.to_str().unwrap(),
        input.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, "");
    assert!(stderr.contains(":k:entry: convergent-cse: merged %s2 into %s1\n"), "{stderr}");
    // With %s2 gone, sink moves %t (now computed from %s1) into %then.
    assert!(stderr.contains("sink: sank %t from %entry to %then"), "{stderr}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert_eq!(text.matches("call i32 @subgroup_add").count(), 1, "{text}");
    assert!(text.contains("; preds = %entry\n  %t = add i32 %s1, 1\n  call void @use(i32 %s1)\n"), "{text}");
}

#[test]
fn its_option_and_opt_conv_behaviours() {
    let (code, stdout, _) = run(&["--list-passes"]);
    assert_eq!(code, 0);
    assert!(stdout.contains("  convergent-cse\n") && stdout.contains("  sink\n"), "{stdout}");
    // The driver's own option reaches the pass.
    let mut child = Command::new(env!("CARGO_BIN_EXE_opt-conv-cse"))
        .args(["-S", "-passes=convergent-cse", "-convergent-cse-limit=0"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(INPUT.as_bytes()).unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&o.stdout).matches("call i32 @subgroup_add").count(),
        2,
        "limit 0 merges nothing"
    );
    // opt-conv's diagnostics, under the new binary.
    let (code, _, stderr) = run(&["-passes=convergent-cse<x>", "-"]);
    assert_eq!(code, 1);
    assert!(stderr.starts_with("opt-conv: unknown pass name 'convergent-cse<x>'\n"), "{stderr}");
    let (code, _, stderr) = run(&["-passes=loop(convergent-cse)", "-"]);
    assert_eq!(code, 1);
    assert!(stderr.starts_with("opt-conv: unknown loop pass 'convergent-cse'"), "{stderr}");
}

/// Threads that stop between the two operations took part in the first
/// only: merging would give the second's users a result computed with them.
#[test]
fn a_kill_between_the_operations_keeps_both() {
    let input = INPUT.replace("  %s2 = call", "  call void @llvm.amdgcn.kill(i1 %c)\n  %s2 = call")
        + "declare void @llvm.amdgcn.kill(i1)\n";
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.ll");
    std::fs::write(&path, input).unwrap();
    let (code, stdout, stderr) =
        run(&["-S", "-passes=convergent-cse", "-pass-remarks-missed=convergent-cse", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout.matches("call i32 @subgroup_add").count(), 2);
    assert!(stderr.contains("convergent-cse: kept %s2: [thread-ending]"), "{stderr}");
}

/// The earlier operation stands for the later one after the merge: it keeps
/// only the metadata both had (`!range` covering both ranges, a `!noundef`
/// of the earlier one alone dropped), or the later one's users would get a
/// value the later operation never promised (poison outside `[0, 4)`).
#[test]
fn the_merged_operation_keeps_only_what_both_promised() {
    let input = INPUT
        .replace("(token %e) ]\n  %s2", "(token %e) ], !range !0, !noundef !2\n  %s2")
        .replace("(token %e) ]\n  %t", "(token %e) ], !range !1\n  %t")
        + "!0 = !{i32 0, i32 4}\n!1 = !{i32 2, i32 9}\n!2 = !{}\n";
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.ll");
    std::fs::write(&path, &input).unwrap();
    let (code, stdout, stderr) = run(&["-S", "-passes=convergent-cse", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout.matches("call i32 @subgroup_add").count(), 1, "{stdout}");
    assert!(stdout.contains("[ \"convergencectrl\"(token %e) ], !range !0\n"), "{stdout}");
    assert!(stdout.contains("!0 = !{i32 0, i32 9}"), "{stdout}");
    assert!(!stdout.contains("!noundef"), "{stdout}");
}
