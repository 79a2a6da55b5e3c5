//! Attacks on moves and merges inside one cycle, where one end is run in
//! more iterations than the other: a block that post-dominates another
//! through a back edge is still reached by fewer of its visits.

use opt_conv_ir::Function;
use opt_conv_legality::{Oracle, Query, Rule};

mod support;

use support::{At, inst, module, point};

fn ask(src: &str, q: impl Fn(&Function) -> Query) -> Result<(), Rule> {
    let m = module(src);
    let fid = m.func_by_name("k").unwrap();
    let f = m.body(fid).unwrap();
    match Oracle::new(&m, fid, f).ask(f, &q(f)).refusal() {
        None => Ok(()),
        Some(r) => Err(r.rule),
    }
}

fn merge(src: &str, a: &str, b: &str, at: At) -> Result<(), Rule> {
    ask(src, |f| Query::Merge { a: inst(f, a), b: inst(f, b), to: point(f, at) })
}

fn mv(src: &str, x: &str, at: At) -> Result<(), Rule> {
    ask(src, |f| Query::Move { insts: vec![inst(f, x)], to: point(f, at) })
}

const DECLS: &str = r#"
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare void @llvm.amdgcn.kill(i1)
declare void @use(i32) nounwind willreturn memory(inaccessiblemem: write)
declare token @llvm.experimental.convergence.entry()
declare token @llvm.experimental.convergence.anchor()
declare token @llvm.experimental.convergence.loop()
"#;

fn with_decls(body: &str) -> String {
    format!("{DECLS}{body}")
}

/// The header's divergent branch goes back to the header or on to %x,
/// which then leaves: %x post-dominates the header, yet a thread visits
/// the header in every iteration and %x only in its last.
fn self_loop_header() -> String {
    with_decls(
        r#"
define amdgpu_kernel void @k(i32 %v, i32 %n) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %h
h:
  %i = phi i32 [ 0, %entry ], [ %i1, %h ], [ %i1, %x ]
  %hh = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %e) ]
  %a = call i32 @subgroup_add(i32 %v) [ "convergencectrl"(token %hh) ]
  call void @use(i32 %a)
  %i1 = add i32 %i, 1
  %d = icmp ult i32 %i1, %tid
  br i1 %d, label %h, label %x
x:
  %b = call i32 @subgroup_add(i32 %v) [ "convergencectrl"(token %hh) ]
  call void @use(i32 %b)
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %h, label %exit
exit:
  ret void
}
"#,
    )
}

#[test]
fn merging_up_into_a_header_whose_divergent_branch_repeats_it_is_refused() {
    // In one iteration of %hh, threads with a larger %tid go round again
    // and do not reach %b; merged into %a they would take part in it.
    assert_eq!(merge(&self_loop_header(), "a", "b", At::Before("a")), Err(Rule::EntryOrHeartToken));
    assert_eq!(merge(&self_loop_header(), "b", "a", At::Before("a")), Err(Rule::EntryOrHeartToken));
}

#[test]
fn hoisting_out_of_a_block_left_through_a_divergent_back_edge_is_refused() {
    assert_eq!(mv(&self_loop_header(), "b", At::End("h")), Err(Rule::EntryOrHeartToken));
}

#[test]
fn sinking_into_a_block_run_only_in_the_last_iteration_is_refused() {
    assert_eq!(mv(&self_loop_header(), "a", At::Start("x")), Err(Rule::EntryOrHeartToken));
}

/// The same with the divergent branch in the middle of the loop body: %d
/// sends threads to the latch %l (and round again) or on to %x, which
/// every path to the exit passes.
fn continue_to_the_latch() -> String {
    with_decls(
        r#"
define amdgpu_kernel void @k(i32 %v, i32 %n) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %h
h:
  %i = phi i32 [ 0, %entry ], [ %i1, %l ], [ %i1, %x ]
  %hh = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %e) ]
  br label %body
body:
  %a = call i32 @subgroup_add(i32 %v) [ "convergencectrl"(token %hh) ]
  call void @use(i32 %a)
  %i1 = add i32 %i, 1
  %d = icmp ult i32 %i1, %tid
  br i1 %d, label %l, label %x
l:
  br label %h
x:
  %b = call i32 @subgroup_add(i32 %v) [ "convergencectrl"(token %hh) ]
  call void @use(i32 %b)
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %h, label %exit
exit:
  ret void
}
"#,
    )
}

#[test]
fn merging_across_a_divergent_continue_is_refused() {
    assert_eq!(merge(&continue_to_the_latch(), "a", "b", At::Before("a")), Err(Rule::EntryOrHeartToken));
    assert_eq!(merge(&continue_to_the_latch(), "a", "b", At::End("body")), Err(Rule::EntryOrHeartToken));
    assert_eq!(mv(&continue_to_the_latch(), "b", At::End("body")), Err(Rule::EntryOrHeartToken));
    assert_eq!(mv(&continue_to_the_latch(), "a", At::Start("x")), Err(Rule::EntryOrHeartToken));
}

#[test]
fn merging_from_the_header_into_the_body_of_one_iteration_is_legal() {
    // %h always goes on to %body: the header's own (unconditional) branch
    // decides nothing, and moving %a up from %body into %h keeps every
    // iteration's threads.
    assert_eq!(mv(&continue_to_the_latch(), "a", At::End("h")), Ok(()));
}

#[test]
fn merging_across_a_divergent_branch_back_into_an_irreducible_cycle_is_refused() {
    // %p and %q are both entries of the cycle; from %p a thread goes to
    // %q (round again) or to %x. Every path to the exit passes %x, but not
    // in the same visit of %p.
    let src = with_decls(
        r#"
define amdgpu_kernel void @k(i32 %v, i32 %n, i1 %u) convergent {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br i1 %u, label %p, label %q
p:
  %t = call token @llvm.experimental.convergence.anchor()
  %a = call i32 @subgroup_add(i32 %v) [ "convergencectrl"(token %t) ]
  call void @use(i32 %a)
  %d = icmp ult i32 %a, %tid
  br i1 %d, label %q, label %x
q:
  br label %p
x:
  %b = call i32 @subgroup_add(i32 %v) [ "convergencectrl"(token %t) ]
  call void @use(i32 %b)
  %c = icmp ult i32 %b, %n
  br i1 %c, label %q, label %exit
exit:
  ret void
}
"#,
    );
    assert_eq!(merge(&src, "a", "b", At::Before("a")), Err(Rule::DivergentBranch));
    assert_eq!(mv(&src, "b", At::End("p")), Err(Rule::PartialAnchorMove));
}

// ---------------------------------------------------------------------------
// Merges where one operation is already in the destination block.

#[test]
fn merging_a_later_operation_up_past_a_kill_in_the_destination_is_refused() {
    // %b comes first in the block, %a after the kill: merged at %a, %b's
    // threads lose the killed ones.
    let src = with_decls(
        r#"
define amdgpu_kernel void @k(i32 %v, i1 %alive) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %b = call i32 @subgroup_add(i32 %v) [ "convergencectrl"(token %e) ]
  call void @llvm.amdgcn.kill(i1 %alive)
  %a = call i32 @subgroup_add(i32 %v) [ "convergencectrl"(token %e) ]
  %s = add i32 %a, %b
  call void @use(i32 %s)
  ret void
}
"#,
    );
    assert_eq!(merge(&src, "a", "b", At::Before("a")), Err(Rule::ThreadEnding));
    assert_eq!(merge(&src, "b", "a", At::Before("a")), Err(Rule::ThreadEnding));
}

#[test]
fn merging_below_a_callbr_in_the_destination_is_refused() {
    // The asm picks the destination per thread: %x is reached by some.
    let src = with_decls(
        r#"
define amdgpu_kernel void @k(i32 %v) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %a = call i32 @subgroup_add(i32 %v) [ "convergencectrl"(token %e) ]
  call void @use(i32 %a)
  callbr void asm "", "!i"() to label %x [label %y]
x:
  %b = call i32 @subgroup_add(i32 %v) [ "convergencectrl"(token %e) ]
  call void @use(i32 %b)
  br label %y
y:
  ret void
}
"#,
    );
    assert!(merge(&src, "a", "b", At::Before("a")).is_err());
    assert!(merge(&src, "b", "a", At::Before("a")).is_err());
}

#[test]
fn merging_below_a_divergent_self_loop_of_the_destination_is_refused() {
    // %a's block repeats under a divergent condition before falling
    // through to %x; the self loop is the whole cycle of %a, so %b in %x is
    // outside it and uses the entry token: the merge is refused for the
    // tokens, the move of %b for the cycle boundary.
    let src = with_decls(
        r#"
define amdgpu_kernel void @k(i32 %v) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %h
h:
  %i = phi i32 [ 0, %entry ], [ %i1, %h ]
  %hh = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %e) ]
  %a = call i32 @subgroup_add(i32 %v) [ "convergencectrl"(token %hh) ]
  call void @use(i32 %a)
  %i1 = add i32 %i, 1
  %d = icmp ult i32 %i1, %tid
  br i1 %d, label %h, label %x
x:
  %b = call i32 @subgroup_add(i32 %v) [ "convergencectrl"(token %e) ]
  call void @use(i32 %b)
  ret void
}
"#,
    );
    assert_eq!(merge(&src, "a", "b", At::Before("a")), Err(Rule::TokenDominance));
    assert_eq!(mv(&src, "b", At::End("h")), Err(Rule::CycleBoundary));
}

// ---------------------------------------------------------------------------
// Declarations of intrinsics LLVM knows: LLVM reads them with its own
// attributes, so what they promise does not count.

/// %x above a block that halts the wave for some threads, used under a
/// uniform branch after the two ways rejoin. `halt_decl` declares the call.
fn halt_between(halt_decl: &str, halt_call: &str) -> String {
    with_decls(&format!(
        r#"
{halt_decl}
define amdgpu_kernel void @k(i32 %v, i1 %u) convergent {{
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %x = call i32 @subgroup_add(i32 %v) [ "convergencectrl"(token %e) ]
  %stop = icmp ugt i32 %tid, 3
  br i1 %stop, label %halt, label %go
halt:
  {halt_call}
  br label %go
go:
  br i1 %u, label %then, label %end
then:
  call void @use(i32 %x)
  br label %end
end:
  ret void
}}
"#
    ))
}

#[test]
fn sinking_past_an_intrinsic_declared_willreturn_that_llvm_says_may_not_return_is_refused() {
    // opt-22 prints `nocallback nounwind` for the halt whatever is declared:
    // threads may stop there, after %x and before %then.
    let src = halt_between(
        "declare void @llvm.amdgcn.s.sendmsghalt(i32 immarg, i32) nounwind willreturn memory(none)",
        "call void @llvm.amdgcn.s.sendmsghalt(i32 0, i32 0)",
    );
    assert_eq!(mv(&src, "x", At::Start("then")), Err(Rule::ThreadEnding));
    let src =
        halt_between("declare void @llvm.debugtrap() nounwind willreturn memory(none)", "call void @llvm.debugtrap()");
    assert_eq!(mv(&src, "x", At::Start("then")), Err(Rule::ThreadEnding));
}

#[test]
fn a_name_llvm_does_not_know_keeps_its_declared_promises() {
    // LLVM keeps the attributes of an `llvm.*` declaration it does not
    // know, so the same sink across it is allowed.
    let src = halt_between(
        "declare void @llvm.foo.bar() nounwind willreturn memory(inaccessiblemem: write)",
        "call void @llvm.foo.bar()",
    );
    assert_eq!(mv(&src, "x", At::Start("then")), Ok(()));
}

// ---------------------------------------------------------------------------
// Inline asm between two operations of one block.

fn asm_between(asm: &str) -> String {
    with_decls(&format!(
        r#"
define amdgpu_kernel void @k(i32 %v) convergent {{
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %a = call i32 @subgroup_add(i32 %v) [ "convergencectrl"(token %e) ]
  {asm}
  %b = call i32 @subgroup_add(i32 %v) [ "convergencectrl"(token %e) ]
  %s = add i32 %a, %b
  call void @use(i32 %s)
  ret void
}}
"#
    ))
}

#[test]
fn merging_across_inline_asm_that_may_end_the_thread_is_refused() {
    // The asm may end the wave or turn lanes off (`s_endpgm`, a write to
    // exec); without `willreturn` on the call LLVM does not count on it
    // returning either.
    let src = asm_between(r#"call void asm sideeffect "s_endpgm", ""()"#);
    assert_eq!(merge(&src, "a", "b", At::Before("a")), Err(Rule::ThreadEnding));
    let src = asm_between(r#"call void asm sideeffect "s_endpgm", ""() nounwind"#);
    assert_eq!(merge(&src, "a", "b", At::Before("a")), Err(Rule::ThreadEnding));
}

#[test]
fn merging_across_inline_asm_that_promises_to_return_is_legal() {
    let src = asm_between(r#"call void asm sideeffect "s_nop 0", ""() nounwind willreturn"#);
    assert_eq!(merge(&src, "a", "b", At::Before("a")), Ok(()));
}
