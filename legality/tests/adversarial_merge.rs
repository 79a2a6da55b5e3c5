//! Attacks on the merge rule of the oracle (`Query::Merge`) and on the
//! checked front door (`checked::check`): each test builds a small module,
//! asks one question and asserts the verdict, with the rule or concern
//! that must refuse it. A test that expects "legal" documents a merge the
//! spec allows and that the rule must keep allowing.

use opt_conv_ir::Function;
use opt_conv_legality::checked::{Concern, check};
use opt_conv_legality::{InsertPoint, Oracle, Query, Rule};

mod support;

use support::{At, inst, module, point};

/// The oracle alone on merging `%a` and `%b` of `@k` at `at`: `Ok` if legal,
/// else the rule.
fn merge(src: &str, a: &str, b: &str, at: At) -> Result<(), Rule> {
    let m = module(src);
    let fid = m.func_by_name("k").unwrap();
    let f = m.body(fid).unwrap();
    let q = Query::Merge { a: inst(f, a), b: inst(f, b), to: point(f, at) };
    match Oracle::new(&m, fid, f).ask(f, &q).refusal() {
        None => Ok(()),
        Some(r) => Err(r.rule),
    }
}

/// The checked front door on a query built from `@k`.
fn checked(src: &str, q: impl Fn(&Function) -> Query) -> Result<(), Concern> {
    let m = module(src);
    let fid = m.func_by_name("k").unwrap();
    let f = m.body(fid).unwrap();
    check(&m, fid, f, &q(f)).map(|_| ()).map_err(|o| o.concern)
}

fn checked_merge(src: &str, a: &str, b: &str, at: At) -> Result<(), Concern> {
    checked(src, |f| Query::Merge { a: inst(f, a), b: inst(f, b), to: point(f, at) })
}

fn checked_move(src: &str, x: &str, at: At) -> Result<(), Concern> {
    checked(src, |f| Query::Move { insts: vec![inst(f, x)], to: point(f, at) })
}

fn convergence(r: Result<(), Concern>) -> Option<Rule> {
    match r {
        Err(Concern::Convergence(r)) => Some(r.rule),
        _ => None,
    }
}

const DECLS: &str = r#"
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare i32 @subgroup_max(i32) convergent nounwind willreturn memory(none)
declare void @llvm.amdgcn.kill(i1)
declare void @use(i32)
declare token @llvm.experimental.convergence.entry()
declare token @llvm.experimental.convergence.anchor()
declare token @llvm.experimental.convergence.loop()
"#;

fn with_decls(body: &str) -> String {
    format!("{DECLS}{body}")
}

// ---------------------------------------------------------------------------
// Two operations of one block, and a kill between them.

fn kill_between() -> String {
    with_decls(
        r#"
define amdgpu_kernel void @k(i32 %x, i1 %alive) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %a = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
  call void @llvm.amdgcn.kill(i1 %alive)
  %b = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
  %s = add i32 %a, %b
  call void @use(i32 %s)
  ret void
}
"#,
    )
}

#[test]
fn same_block_merge_hoisting_the_later_one_over_a_kill_is_refused() {
    // Threads killed between %a and %b would take part in the merged %b.
    assert_eq!(merge(&kill_between(), "a", "b", At::Before("a")), Err(Rule::ThreadEnding));
}

#[test]
fn same_block_merge_sinking_the_earlier_one_over_a_kill_is_refused() {
    // Merged below the kill, %a would no longer count the killed threads:
    // the survivors' sum changes. "Dynamic Instances and Convergence
    // Tokens": a dynamic instance is executed by the threads that reach it.
    assert_eq!(merge(&kill_between(), "a", "b", At::Before("b")), Err(Rule::ThreadEnding));
    assert_eq!(merge(&kill_between(), "a", "b", At::Before("s")), Err(Rule::ThreadEnding));
    assert_eq!(merge(&kill_between(), "a", "b", At::End("entry")), Err(Rule::ThreadEnding));
    assert_eq!(convergence(checked_merge(&kill_between(), "a", "b", At::Before("s"))), Some(Rule::ThreadEnding));
}

#[test]
fn merge_sinking_one_operation_down_its_block_over_a_kill_is_refused() {
    // %b above the kill in %entry, %a below it in %next: keeping %a moves
    // %b's threads down past the kill.
    let src = with_decls(
        r#"
define amdgpu_kernel void @k(i32 %x, i1 %alive) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %b = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
  call void @llvm.amdgcn.kill(i1 %alive)
  br label %next
next:
  %a = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
  %s = add i32 %a, %b
  call void @use(i32 %s)
  ret void
}
"#,
    );
    assert_eq!(merge(&src, "a", "b", At::Before("a")), Err(Rule::ThreadEnding));
    // Hoisting %a up to %b is refused as it always was.
    assert_eq!(merge(&src, "a", "b", At::Before("b")), Err(Rule::ThreadEnding));
}

#[test]
fn merge_into_a_join_below_a_kill_in_one_arm_is_refused() {
    // The branch is uniform, so the arms split no group; but threads killed
    // in %then after %a took part in %a and would not reach the merged one.
    let src = with_decls(
        r#"
define amdgpu_kernel void @k(i32 %x, i1 %u, i1 %alive) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  br i1 %u, label %then, label %else
then:
  %a = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
  call void @llvm.amdgcn.kill(i1 %alive)
  br label %join
else:
  %b = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
  br label %join
join:
  %p = phi i32 [ %a, %then ], [ %b, %else ]
  call void @use(i32 %p)
  ret void
}
"#,
    );
    assert_eq!(merge(&src, "a", "b", At::Start("join")), Err(Rule::ThreadEnding));
}

#[test]
fn merge_into_a_join_without_enders_under_a_uniform_branch_is_legal() {
    let src = with_decls(
        r#"
define amdgpu_kernel void @k(i32 %x, i1 %u) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  br i1 %u, label %then, label %else
then:
  %a = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
  br label %join
else:
  %b = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
  br label %join
join:
  %p = phi i32 [ %a, %then ], [ %b, %else ]
  call void @use(i32 %p)
  ret void
}
"#,
    );
    assert_eq!(merge(&src, "a", "b", At::Start("join")), Ok(()));
}

// ---------------------------------------------------------------------------
// Anchors that may group threads of different iterations.

fn anchor_in_loop() -> String {
    // %c is computed inside the loop from the iteration count: uniform in
    // every iteration, different between iterations.
    with_decls(
        r#"
define amdgpu_kernel void @k(i32 %x, i32 %n) convergent {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %join ]
  %t = call token @llvm.experimental.convergence.anchor()
  %c = icmp eq i32 %i, 3
  br i1 %c, label %then, label %else
then:
  %a = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %t) ]
  br label %join
else:
  %b = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %t) ]
  br label %join
join:
  %p = phi i32 [ %a, %then ], [ %b, %else ]
  call void @use(i32 %p)
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}
"#,
    )
}

#[test]
fn merging_an_anchors_arms_up_is_refused_when_the_branch_varies_between_iterations() {
    // The existing rule ("Anchors may group iterations" in RULES.md).
    assert_eq!(merge(&anchor_in_loop(), "a", "b", At::End("loop")), Err(Rule::DivergentBranch));
}

#[test]
fn merging_an_anchors_arms_down_is_refused_when_the_branch_varies_between_iterations() {
    // The same threads, grouped across iterations by the anchor, meet at
    // the join: merged there, a thread of iteration 3 (in %then) and one
    // of iteration 2 (in %else) would communicate, which they never did.
    assert_eq!(merge(&anchor_in_loop(), "a", "b", At::Start("join")), Err(Rule::DivergentBranch));
}

// ---------------------------------------------------------------------------
// Regions, tokens and placement.

#[test]
fn one_block_of_an_anchor_in_a_loop_still_merges() {
    // The latch's own branch depends on the iteration, but it comes after
    // both operations: the same threads run them in every visit.
    let src = with_decls(
        r#"
define amdgpu_kernel void @k(i32 %x, i32 %n) convergent {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %t = call token @llvm.experimental.convergence.anchor()
  %a = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %t) ]
  %b = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %t) ]
  %s = add i32 %a, %b
  call void @use(i32 %s)
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}
"#,
    );
    assert_eq!(merge(&src, "a", "b", At::Before("a")), Ok(()));
}

#[test]
fn merging_arms_into_a_join_keeps_regions_nested() {
    // After the merge, the anchor's region reaches the join through the rest
    // of %else, where the entry token is used but not defined.
    let src = with_decls(
        r#"
define amdgpu_kernel void @k(i32 %x, i1 %u) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %t = call token @llvm.experimental.convergence.anchor()
  br i1 %u, label %then, label %else
then:
  %a = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %t) ]
  br label %join
else:
  %b = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %t) ]
  %z = call i32 @subgroup_max(i32 %x) [ "convergencectrl"(token %e) ]
  br label %join
join:
  %p = phi i32 [ %a, %then ], [ %b, %else ]
  call void @use(i32 %p)
  ret void
}
"#,
    );
    assert_eq!(merge(&src, "a", "b", At::Start("join")), Err(Rule::RegionNesting));
    assert_eq!(merge(&src, "b", "a", At::Start("join")), Err(Rule::RegionNesting));
}

#[test]
fn operations_of_different_tokens_do_not_merge() {
    let src = with_decls(
        r#"
define amdgpu_kernel void @k(i32 %x) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %t = call token @llvm.experimental.convergence.anchor()
  %a = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
  %b = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %t) ]
  %s = add i32 %a, %b
  call void @use(i32 %s)
  ret void
}
"#,
    );
    assert_eq!(merge(&src, "a", "b", At::Before("a")), Err(Rule::TokenDominance));
    assert_eq!(merge(&src, "b", "a", At::Before("b")), Err(Rule::TokenDominance));
}

#[test]
fn a_merged_operation_stays_below_its_token() {
    // Both use the anchor defined between the block start and them.
    let src = with_decls(
        r#"
define amdgpu_kernel void @k(i32 %x) convergent {
entry:
  %y = add i32 %x, 1
  %t = call token @llvm.experimental.convergence.anchor()
  %a = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %t) ]
  %b = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %t) ]
  %s = add i32 %a, %b
  call void @use(i32 %s)
  ret void
}
"#,
    );
    assert_eq!(merge(&src, "a", "b", At::Start("entry")), Err(Rule::TokenDominance));
    assert_eq!(merge(&src, "a", "b", At::Before("t")), Err(Rule::TokenDominance));
    assert_eq!(convergence(checked_merge(&src, "a", "b", At::Before("y"))), None, "checked refuses first");
    assert_eq!(merge(&src, "a", "b", At::Before("a")), Ok(()));
}

#[test]
fn nothing_goes_above_a_heart_in_its_header() {
    let src = with_decls(
        r#"
define amdgpu_kernel void @k(i32 %x, i32 %n) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %h = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %e) ]
  %a = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %h) ]
  %b = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %h) ]
  %s = add i32 %a, %b
  call void @use(i32 %s)
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}
"#,
    );
    assert_eq!(merge(&src, "a", "b", At::Start("loop")), Err(Rule::TokenPlacement));
    // In the header, below the heart, with the latch's branch at the end
    // of the same block: the relaxation for one block holds.
    assert_eq!(merge(&src, "a", "b", At::Before("a")), Ok(()));
    assert_eq!(merge(&src, "a", "b", At::Before("b")), Ok(()));
    assert_eq!(merge(&src, "a", "b", At::Before("s")), Ok(()));
    // Below `@use`, which may not return, it is the thread-ending rule.
    assert_eq!(merge(&src, "a", "b", At::End("loop")), Err(Rule::ThreadEnding));
}

#[test]
fn one_block_inside_an_irreducible_cycle_still_merges() {
    // %r is entered from %entry and from %l under a divergent branch; within
    // the block the same threads run both operations in every visit.
    let src = with_decls(
        r#"
define amdgpu_kernel void @k(i32 %x) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %d = icmp ult i32 %tid, 5
  br i1 %d, label %l, label %r
l:
  %d2 = icmp ult i32 %tid, %x
  br i1 %d2, label %r, label %exit
r:
  %a = call i32 @subgroup_add(i32 %x)
  %b = call i32 @subgroup_add(i32 %x)
  %s = add i32 %a, %b
  call void @use(i32 %s)
  %d3 = icmp ugt i32 %s, %tid
  br i1 %d3, label %l, label %exit
exit:
  ret void
}
"#,
    );
    assert_eq!(merge(&src, "a", "b", At::Before("a")), Ok(()));
    // Out of the block, into %l: refused (another cycle membership or branch).
    assert!(merge(&src, "a", "b", At::End("entry")).is_err());
}

#[test]
fn an_uncontrolled_operation_does_not_merge_with_an_anchor() {
    let src = with_decls(
        r#"
define amdgpu_kernel void @k(i32 %x) convergent {
entry:
  %a = call i32 @subgroup_add(i32 %x)
  %b = call token @llvm.experimental.convergence.anchor()
  call void @use(i32 %a)
  ret void
}
"#,
    );
    assert!(merge(&src, "a", "b", At::Before("a")).is_err());
    assert!(merge(&src, "b", "a", At::Before("a")).is_err());
}

#[test]
fn the_later_operation_using_the_earlier_is_not_merged() {
    let src = with_decls(
        r#"
define amdgpu_kernel void @k(i32 %x) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %a = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
  %b = call i32 @subgroup_add(i32 %a) [ "convergencectrl"(token %e) ]
  call void @use(i32 %b)
  ret void
}
"#,
    );
    assert_eq!(checked_merge(&src, "a", "b", At::Before("a")), Err(Concern::Dominance));
}

#[test]
fn a_thread_ending_intrinsic_declared_as_returning_is_still_an_ender() {
    // LLVM gives intrinsics their own attributes whatever the declaration
    // says: opt-22 prints @llvm.amdgcn.endpgm as `noreturn` without
    // `willreturn` even when declared `willreturn`.
    let src = r#"
target triple = "amdgcn-amd-amdhsa"
declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare void @llvm.amdgcn.endpgm() nounwind willreturn memory(none)
declare void @use(i32)
declare token @llvm.experimental.convergence.entry()

define amdgpu_kernel void @k(i32 %x, i1 %c) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %a = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
  br i1 %c, label %stop, label %go
stop:
  call void @llvm.amdgcn.endpgm()
  br label %go
go:
  %b = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
  %s = add i32 %a, %b
  call void @use(i32 %s)
  ret void
}
"#;
    assert_eq!(merge(src, "a", "b", At::Before("a")), Err(Rule::ThreadEnding));
}

// ---------------------------------------------------------------------------
// The checked front door, on code without convergent operations.

const PLAIN: &str = r#"
target triple = "amdgcn-amd-amdhsa"
declare void @check(ptr) nounwind memory(none)
declare i32 @partial(i32, i32) nounwind willreturn memory(none)
declare i32 @total(i32, i32) nounwind willreturn speculatable memory(none)
declare void @keep(ptr) nounwind willreturn memory(argmem: readwrite)
declare void @use(i32)

define amdgpu_kernel void @k(ptr %p, ptr %q, i32 %x, i32 %y, i1 %c, i32 %n) {
entry:
  %v0 = load volatile i32, ptr %p
  %v1 = load volatile i32, ptr %q
  %acq = load atomic i32, ptr %q acquire, align 4
  %l0 = load i32, ptr %p
  fence seq_cst
  %l1 = load i32, ptr %p
  call void @check(ptr %p)
  %l2 = load i32, ptr %p
  %d0 = sdiv i32 %x, %y
  %f = freeze i32 %x
  %m0 = alloca i32
  %m1 = alloca i32
  %s = add i32 %v0, %v1
  br i1 %c, label %then, label %join
then:
  %r = call i32 @partial(i32 %x, i32 %y)
  %t = call i32 @total(i32 %x, i32 %y)
  %d1 = sdiv i32 %x, %y
  call void @use(i32 %r)
  call void @use(i32 %t)
  call void @use(i32 %d1)
  br label %join
join:
  br label %loop
loop:
  %i = phi i32 [ 0, %join ], [ %i1, %loop ]
  %prev = phi i32 [ 0, %join ], [ %f, %loop ]
  %same = icmp eq i32 %prev, %f
  %old = load i32, ptr %m0
  store i32 %i, ptr %m0
  call void @keep(ptr %m1)
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, %n
  br i1 %more, label %loop, label %exit
exit:
  %w = add i32 %l0, %l1
  %w2 = add i32 %w, %l2
  %w3 = add i32 %w2, %d0
  %w4 = add i32 %w3, %acq
  %w5 = add i32 %w4, %s
  call void @use(i32 %w5)
  ret void
}
"#;

#[test]
fn volatile_and_atomic_accesses_keep_their_order() {
    assert_eq!(checked_move(PLAIN, "v1", At::Before("v0")), Err(Concern::Memory));
    assert_eq!(checked_move(PLAIN, "l0", At::Before("acq")), Err(Concern::Memory));
    assert_eq!(checked_move(PLAIN, "l1", At::Before("l0")), Err(Concern::Memory), "across the fence");
}

#[test]
fn a_load_is_not_hoisted_above_a_call_that_may_not_return() {
    // @check may not return (it has no `willreturn`): a thread that never
    // gets past it never loads from %p, which may not be dereferenceable
    // for it (LangRef, "load": loading from an invalid pointer is undefined
    // behaviour). Hoisted above, the load runs on those threads too.
    assert_eq!(checked_move(PLAIN, "l2", At::Before("l1")), Err(Concern::ThreadEnding));
    // Down below it, the load only runs less often.
    assert_eq!(checked_move(PLAIN, "l1", At::Before("l2")), Ok(()));
}

#[test]
fn a_call_without_speculatable_is_not_hoisted_out_of_its_branch() {
    // `memory(none) willreturn nounwind` does not rule out undefined
    // behaviour on some arguments (LangRef, `speculatable`: only that
    // attribute says a call "does not have undefined behavior"); the spec's
    // `@subgroupShuffle` example is such a call.
    assert_eq!(checked_move(PLAIN, "r", At::End("entry")), Err(Concern::Speculation));
    assert_eq!(checked_move(PLAIN, "t", At::End("entry")), Ok(()));
    assert_eq!(checked_move(PLAIN, "d1", At::End("entry")), Err(Concern::Speculation));
}

#[test]
fn an_alloca_does_not_move_into_or_out_of_a_loop_nor_merge() {
    // Every execution of an alloca is a new object: sunk into the loop, %m0
    // would be a fresh (uninitialised) object in each iteration, and %old
    // would no longer see the previous iteration's store.
    assert!(checked_move(PLAIN, "m0", At::Start("loop")).is_err());
    // Two allocas are two objects.
    assert!(checked_merge(PLAIN, "m0", "m1", At::Before("m0")).is_err());
}

#[test]
fn a_freeze_does_not_sink_into_a_loop() {
    // One execution of freeze picks one value (LangRef, "freeze"); in the
    // loop, each iteration would pick its own and %same could be false.
    assert!(checked_move(PLAIN, "f", At::Start("loop")).is_err());
    // Out of the loop or within one execution it is fine.
    assert_eq!(checked_move(PLAIN, "f", At::End("join")), Ok(()));
}

#[test]
fn loads_merge_only_without_a_write_between() {
    assert_eq!(checked_merge(PLAIN, "l0", "l1", At::Before("l0")), Err(Concern::Memory));
    assert_eq!(checked_merge(PLAIN, "l0", "l1", At::Before("l1")), Err(Concern::Memory));
}

#[test]
fn a_merge_keeps_every_use_dominated() {
    // %d1 in %then kept, %d0 in %entry removed: %d0's use in %exit is not
    // dominated by %then.
    assert_eq!(checked_merge(PLAIN, "d1", "d0", At::Before("d1")), Err(Concern::Dominance));
    // Dividing in %entry for both: %d1 would run where it did not, but the
    // division already runs there.
    assert_eq!(checked_merge(PLAIN, "d0", "d1", At::Before("d0")), Err(Concern::Speculation));
}

#[test]
fn nothing_goes_before_a_phi_and_terminators_stay_last() {
    assert!(checked_move(PLAIN, "w", At::Before("i")).is_err(), "before a phi");
    assert!(
        checked(PLAIN, |f| {
            let join = f.block_by_name("join").unwrap();
            Query::Move { insts: vec![f.terminator(join).unwrap()], to: InsertPoint::BlockStart(join) }
        })
        .is_err()
    );
}

#[test]
fn an_instruction_does_not_merge_with_itself() {
    assert!(checked_merge(PLAIN, "s", "s", At::Before("s")).is_err());
}

#[test]
fn thread_ending_intrinsics_get_llvms_attributes_whatever_their_declaration_says() {
    // opt-22 prints @llvm.ubsantrap as `noreturn` and
    // @llvm.amdgcn.wqm.demote without `willreturn`, whatever the
    // declaration says; taken at their word, both were pure no-ops.
    for (decl, call) in [
        ("declare void @llvm.ubsantrap(i8) nounwind willreturn memory(none)", "call void @llvm.ubsantrap(i8 1)"),
        (
            "declare void @llvm.amdgcn.wqm.demote(i1) nounwind willreturn memory(none)",
            "call void @llvm.amdgcn.wqm.demote(i1 %c)",
        ),
    ] {
        let src = format!(
            r#"
target triple = "amdgcn-amd-amdhsa"
declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
{decl}
declare void @use(i32)
declare token @llvm.experimental.convergence.entry()

define amdgpu_kernel void @k(i32 %x, i1 %c) convergent {{
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %a = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
  {call}
  %b = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
  %s = add i32 %a, %b
  call void @use(i32 %s)
  ret void
}}
"#
        );
        assert_eq!(merge(&src, "a", "b", At::Before("a")), Err(Rule::ThreadEnding), "{decl}");
    }
}

// ---------------------------------------------------------------------------
// No panics: unreachable code, and arms of an irreducible cycle.

#[test]
fn questions_about_unreachable_code_get_answers() {
    let src = with_decls(
        r#"
define amdgpu_kernel void @k(i32 %x, i1 %u) convergent {
entry:
  %a = call i32 @subgroup_add(i32 %x)
  call void @use(i32 %a)
  ret void
dead:
  %b = call i32 @subgroup_add(i32 %x)
  %c = call i32 @subgroup_add(i32 %x)
  %s = add i32 %b, %c
  call void @use(i32 %s)
  br i1 %u, label %dead, label %dead2
dead2:
  %d = call i32 @subgroup_add(i32 %x)
  br label %dead
}
"#,
    );
    // Any verdict will do; none may panic.
    let _ = merge(&src, "b", "c", At::Before("b"));
    let _ = merge(&src, "a", "b", At::Before("a"));
    let _ = merge(&src, "b", "a", At::Before("b"));
    let _ = merge(&src, "b", "d", At::Start("dead2"));
    let _ = merge(&src, "d", "b", At::Before("d"));
    let _ = checked_merge(&src, "b", "c", At::End("dead"));
    let _ = checked_merge(&src, "a", "d", At::Before("a"));
    let _ = checked_move(&src, "d", At::Start("entry"));
    let _ = checked_move(&src, "a", At::Start("dead2"));
}

#[test]
fn operations_in_two_entries_of_an_irreducible_cycle_do_not_merge() {
    // %l and %r both enter the cycle; threads may visit one without the
    // other in an iteration. (Uncontrolled: a token from outside could not
    // be used in a cycle without a heart.)
    let src = with_decls(
        r#"
define amdgpu_kernel void @k(i32 %x, i1 %u, i32 %n) convergent {
entry:
  br i1 %u, label %l, label %r
l:
  %a = call i32 @subgroup_add(i32 %x)
  br label %r
r:
  %b = call i32 @subgroup_add(i32 %x)
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %again = icmp ult i32 %tid, %n
  br i1 %again, label %l, label %exit
exit:
  ret void
}
"#,
    );
    assert!(merge(&src, "a", "b", At::Before("a")).is_err());
    assert!(merge(&src, "a", "b", At::Before("b")).is_err());
    assert!(merge(&src, "b", "a", At::Before("b")).is_err());
}

#[test]
fn two_effects_do_not_merge_into_one() {
    // Merging removes one of the two: a second increment, a second volatile
    // access, a second barrier. Loads with nothing written between merge.
    let src = r#"
target triple = "amdgcn-amd-amdhsa"
declare i32 @incr(ptr) nounwind willreturn memory(argmem: readwrite)
declare void @barrier() convergent nounwind willreturn
declare void @use(i32)

define amdgpu_kernel void @k(ptr %p) {
entry:
  %a = call i32 @incr(ptr %p)
  %b = call i32 @incr(ptr %p)
  %v0 = load volatile i32, ptr %p
  %v1 = load volatile i32, ptr %p
  %l0 = load i32, ptr %p
  %l1 = load i32, ptr %p
  %s = add i32 %a, %b
  %s1 = add i32 %v0, %v1
  %s2 = add i32 %l0, %l1
  %s3 = add i32 %s, %s1
  %s4 = add i32 %s3, %s2
  call void @use(i32 %s4)
  ret void
}
"#;
    for at in [At::Before("a"), At::Before("b"), At::Before("v0")] {
        assert_eq!(checked_merge(src, "a", "b", at), Err(Concern::SideEffects));
    }
    assert_eq!(checked_merge(src, "v0", "v1", At::Before("v1")), Err(Concern::SideEffects));
    assert_eq!(checked_merge(src, "l0", "l1", At::Before("l0")), Ok(()));
    assert_eq!(checked_merge(src, "l0", "l1", At::Before("l1")), Ok(()));
}

// ---------------------------------------------------------------------------
// What the rules must keep allowing.

#[test]
fn a_branch_after_the_destination_does_not_count() {
    // %then ends with a divergent branch, after the point: sinking the
    // reduction under the uniform %u into %then crosses only %u.
    let src = with_decls(
        r#"
define amdgpu_kernel void @k(i32 %x, i1 %u) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %a = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
  br i1 %u, label %then, label %exit
then:
  %b = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
  %s = add i32 %a, %b
  %d = icmp ult i32 %tid, %s
  br i1 %d, label %more, label %exit
more:
  call void @use(i32 %s)
  br label %exit
exit:
  ret void
}
"#,
    );
    let m = module(&src);
    let fid = m.func_by_name("k").unwrap();
    let f = m.body(fid).unwrap();
    let o = Oracle::new(&m, fid, f);
    let then = f.block_by_name("then").unwrap();
    let entry = f.block_by_name("entry").unwrap();
    let sink = Query::Move { insts: vec![inst(f, "a")], to: InsertPoint::BlockStart(then) };
    assert_eq!(o.ask(f, &sink).refusal().map(|r| r.rule), None);
    let hoist = Query::Move { insts: vec![inst(f, "b")], to: InsertPoint::BlockEnd(entry) };
    assert_eq!(o.ask(f, &hoist).refusal().map(|r| r.rule), None);
}

#[test]
fn a_divergent_if_else_between_two_operations_that_every_thread_reaches() {
    // %a above the if/else, %b below where it rejoins: every thread runs
    // both, so %b may be merged up into %a.
    let src = with_decls(
        r#"
define amdgpu_kernel void @k(i32 %x) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %a = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
  %d = icmp ult i32 %tid, 3
  br i1 %d, label %l, label %r
l:
  br label %join
r:
  br label %join
join:
  %b = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
  %s = add i32 %a, %b
  call void @use(i32 %s)
  ret void
}
"#,
    );
    assert_eq!(merge(&src, "a", "b", At::Before("a")), Ok(()));
    assert_eq!(merge(&src, "b", "a", At::Before("a")), Ok(()));
}

#[test]
fn a_speculatable_call_with_a_noundef_argument_is_not_hoisted() {
    // `noundef` makes passing poison undefined behaviour at the call
    // (LangRef, "noundef"); %y is poison unless %c holds, so in %then
    // alone the call is defined.
    let src = r#"
target triple = "amdgcn-amd-amdhsa"
declare i32 @total(i32, i32) nounwind willreturn speculatable memory(none)
declare void @use(i32)

define amdgpu_kernel void @k(i32 %x, i1 %c) {
entry:
  %y = select i1 %c, i32 %x, i32 poison
  br i1 %c, label %then, label %exit
then:
  %t = call i32 @total(i32 %x, i32 noundef %y)
  %t2 = call i32 @total(i32 %x, i32 %y)
  call void @use(i32 %t)
  call void @use(i32 %t2)
  br label %exit
exit:
  ret void
}
"#;
    assert_eq!(checked_move(src, "t", At::End("entry")), Err(Concern::Speculation));
    assert_eq!(checked_move(src, "t2", At::End("entry")), Ok(()));
}

#[test]
fn merged_anchors_dominate_the_users_of_both() {
    // Keeping %t1 where it is, in %then, leaves %t2's user in %else without
    // a dominating token.
    let src = with_decls(
        r#"
define amdgpu_kernel void @k(i32 %x, i1 %u) convergent {
entry:
  br i1 %u, label %then, label %else
then:
  %t1 = call token @llvm.experimental.convergence.anchor()
  %a = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %t1) ]
  call void @use(i32 %a)
  br label %exit
else:
  %t2 = call token @llvm.experimental.convergence.anchor()
  %b = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %t2) ]
  call void @use(i32 %b)
  br label %exit
exit:
  ret void
}
"#,
    );
    assert_eq!(merge(&src, "t1", "t2", At::Before("t1")), Err(Rule::TokenDominance));
    assert_eq!(merge(&src, "t2", "t1", At::Before("t2")), Err(Rule::TokenDominance));
    // Hoisted into %entry, both arms are below it.
    assert_eq!(merge(&src, "t1", "t2", At::End("entry")), Ok(()));
}

#[test]
fn a_call_that_may_not_return_does_not_sink_below_a_load() {
    // The same exchange as hoisting the load above the call: the threads
    // that stop in @check would now load first.
    let check_call = |f: &Function| f.layout().next_inst(inst(f, "l1")).unwrap();
    assert_eq!(
        checked(PLAIN, |f| Query::Move { insts: vec![check_call(f)], to: InsertPoint::Before(inst(f, "d0")) }),
        Err(Concern::ThreadEnding)
    );
    // Past the division too.
    assert_eq!(
        checked(PLAIN, |f| Query::Move { insts: vec![check_call(f)], to: InsertPoint::Before(inst(f, "f")) }),
        Err(Concern::ThreadEnding)
    );
}
