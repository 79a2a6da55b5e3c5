//! Modules built to make convergent-cse merge what it must not: each is
//! run through the binary, the remarks say what was merged or kept, and
//! the SIMT executor checks that the output lets only the threads the
//! input lets communicate do so.

use opt_conv_ir::parse_module;
use opt_conv_simt::{EquivConfig, check_equivalence};
use std::io::Write;
use std::process::{Command, Stdio};

const DECLS: &str = r#"target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare void @llvm.amdgcn.kill(i1)
declare void @sink(i32) nounwind willreturn memory(inaccessiblemem: write)
declare void @maybe_stop() nounwind memory(none)
declare token @llvm.experimental.convergence.entry()
declare token @llvm.experimental.convergence.anchor()
declare token @llvm.experimental.convergence.loop()
"#;

/// Runs the pass on `body` (with the declarations above); returns the
/// output and the remarks, after checking the output with the executor.
fn cse(body: &str) -> (String, String) {
    cse_judged(body, true)
}

/// [`cse`], with the executor's check only if `judge`.
fn cse_judged(body: &str, judge: bool) -> (String, String) {
    let input = format!("{DECLS}{body}");
    let mut child = Command::new(env!("CARGO_BIN_EXE_opt-conv-cse"))
        .args([
            "-S",
            "-verify-each",
            "-passes=convergent-cse",
            "-pass-remarks=convergent-cse",
            "-pass-remarks-missed=convergent-cse",
            "-",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let o = child.wait_with_output().unwrap();
    let (out, err) = (String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned());
    assert_eq!(o.status.code(), Some(0), "{err}");
    let (before, _) = parse_module("in.ll", &input).unwrap();
    let (after, _) = parse_module("out.ll", &out).unwrap();
    let config = EquivConfig { trials: 40, ..EquivConfig::default() };
    if judge && let Err(c) = check_equivalence(&before, &after, "k", &config) {
        panic!("the executor objects:\n{c}\n{out}");
    }
    (out, err)
}

fn count(text: &str, what: &str) -> usize {
    text.matches(what).count()
}

#[test]
fn two_operations_in_a_loop_header_with_its_heart_merge() {
    // The latch's divergent branch ends the same block: it decides nothing
    // about the two operations.
    let (out, err) = cse(r#"
define amdgpu_kernel void @k(i32 %n) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %h = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %e) ]
  %a = call i32 @subgroup_add(i32 %i) [ "convergencectrl"(token %h) ]
  %b = call i32 @subgroup_add(i32 %i) [ "convergencectrl"(token %h) ]
  %s = add i32 %a, %b
  call void @sink(i32 %s)
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, %tid
  br i1 %more, label %loop, label %exit
exit:
  ret void
}
"#);
    assert!(err.contains("merged %b into %a"), "{err}");
    assert_eq!(count(&out, "call i32 @subgroup_add"), 1, "{out}");
}

#[test]
fn two_uncontrolled_operations_in_an_irreducible_cycle_merge() {
    let (out, err) = cse(r#"
define amdgpu_kernel void @k(i32 %x) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %d = icmp ult i32 %tid, 3
  br i1 %d, label %l, label %r
l:
  %j = phi i32 [ 0, %entry ], [ %j1, %r ]
  %d2 = icmp ult i32 %j, %tid
  br i1 %d2, label %r, label %exit
r:
  %jr = phi i32 [ 0, %entry ], [ %j, %l ]
  %a = call i32 @subgroup_add(i32 %jr)
  %b = call i32 @subgroup_add(i32 %jr)
  %s = add i32 %a, %b
  call void @sink(i32 %s)
  %j1 = add i32 %jr, 1
  %d3 = icmp ult i32 %j1, 4
  br i1 %d3, label %l, label %exit
exit:
  ret void
}
"#);
    assert!(err.contains("merged %b into %a"), "{err}");
    assert_eq!(count(&out, "call i32 @subgroup_add"), 1, "{out}");
}

#[test]
fn a_kill_or_a_call_that_may_not_return_between_keeps_both() {
    for stop in ["call void @llvm.amdgcn.kill(i1 %alive)", "call void @maybe_stop()"] {
        let (out, err) = cse(&format!(
            r#"
define amdgpu_kernel void @k(i32 %x) convergent {{
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %alive = icmp ult i32 %tid, 2
  %a = call i32 @subgroup_add(i32 %tid) [ "convergencectrl"(token %e) ]
  {stop}
  %b = call i32 @subgroup_add(i32 %tid) [ "convergencectrl"(token %e) ]
  %s = add i32 %a, %b
  call void @sink(i32 %s)
  ret void
}}
"#
        ));
        assert!(err.contains("kept %b: [thread-ending]"), "{stop}: {err}");
        assert_eq!(count(&out, "call i32 @subgroup_add"), 2, "{out}");
    }
}

#[test]
fn two_anchors_of_one_block_merge_but_not_over_a_foreign_token_use() {
    // %t2 and %t1 merge: the anchor's threads are the implementation's
    // choice, and any group the merged anchor forms for %b is one %t2 could
    // have formed. Not so %t3, whose merge would put the use of the entry
    // token inside %t1's region ("Convergence Regions"). The executor cannot
    // judge this one: it pairs the anchors of the two programs by name and
    // order, and %t2 has no counterpart left (its search is incomplete there,
    // as tools/simt's equiv module says), so it reports a difference.
    let (out, err) = cse_judged(
        r#"
define amdgpu_kernel void @k(i32 %x) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t1 = call token @llvm.experimental.convergence.anchor()
  %a = call i32 @subgroup_add(i32 %tid) [ "convergencectrl"(token %t1) ]
  %t2 = call token @llvm.experimental.convergence.anchor()
  %b = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %t2) ]
  %z = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
  %t3 = call token @llvm.experimental.convergence.anchor()
  %c = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %t3) ]
  %s = add i32 %a, %b
  %s2 = add i32 %s, %c
  %s3 = add i32 %s2, %z
  call void @sink(i32 %s3)
  ret void
}
"#,
        false,
    );
    assert!(err.contains("merged %t2 into %t1"), "{err}");
    assert!(err.contains("kept %t3: [region-nesting]"), "{err}");
    assert_eq!(count(&out, "call token @llvm.experimental.convergence.anchor()"), 2, "{out}");
}

#[test]
fn operations_of_different_tokens_or_callees_are_not_candidates() {
    let (out, err) = cse(r#"
declare i32 @subgroup_max(i32) convergent nounwind willreturn memory(none)
define amdgpu_kernel void @k(i32 %x) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %a = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
  %c = call i32 @subgroup_max(i32 %x) [ "convergencectrl"(token %e) ]
  %t = call token @llvm.experimental.convergence.anchor()
  %b = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %t) ]
  %s = add i32 %a, %b
  %s2 = add i32 %s, %c
  call void @sink(i32 %s2)
  ret void
}
"#);
    assert!(!err.contains("merged"), "{err}");
    assert_eq!(count(&out, "call i32 @subgroup_"), 3, "{out}");
}

#[test]
fn inline_asm_that_may_end_the_thread_between_keeps_both() {
    // `s_endpgm` ends the wave; asm without `willreturn` on the call may do
    // that or turn lanes off, so the threads of %b may be fewer.
    let body = |asm: &str| {
        format!(
            r#"
define amdgpu_kernel void @k(i32 %x) convergent {{
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %a = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
  {asm}
  %b = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
  %s = add i32 %a, %b
  call void @sink(i32 %s)
  ret void
}}
"#
        )
    };
    let (out, err) = cse_judged(&body(r#"call void asm sideeffect "s_endpgm", ""() nounwind"#), false);
    assert!(err.contains("kept %b: [thread-ending]"), "{err}");
    assert_eq!(count(&out, "call i32 @subgroup_add"), 2, "{out}");
    // With `willreturn` the asm promises to come back: they merge.
    let (out, err) = cse_judged(&body(r#"call void asm sideeffect "s_nop 0", ""() nounwind willreturn"#), false);
    assert!(err.contains("merged %b into %a"), "{err}");
    assert_eq!(count(&out, "call i32 @subgroup_add"), 1, "{out}");
}

/// Found in review: an operation that absorbs two others gets a new
/// `!range` from the first pair, a node the module does not hold yet; the
/// second pair read it from the module and panicked. The range kept must
/// cover all three: their union, as LLVM keeps it.
#[test]
fn an_operation_absorbing_two_with_ranges_covers_all_three() {
    let (out, err) = cse(r#"
define amdgpu_kernel void @k(i32 %x) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %a = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ], !range !0
  %b = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ], !range !1
  %c = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ], !range !2
  %s = add i32 %a, %b
  %s2 = add i32 %s, %c
  call void @sink(i32 %s2)
  ret void
}
!0 = !{i32 0, i32 10}
!1 = !{i32 5, i32 20}
!2 = !{i32 30, i32 40}
"#);
    assert_eq!(count(&err, "merged"), 2, "{err}");
    assert_eq!(count(&out, "call i32 @subgroup_add"), 1, "{out}");
    assert!(out.contains("!range !0") && out.contains("!0 = !{i32 0, i32 20, i32 30, i32 40}"), "{out}");
}
