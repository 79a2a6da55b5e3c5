//! Attacks on the merge rule of the oracle (`Query::Merge`) and on the
//! checked front door (`checked::check`): each test builds a small module,
//! asks one question and asserts the verdict, with the rule or concern
//! that must refuse it. A test that expects "legal" documents a merge the
//! spec allows and that the rule must keep allowing.

use opt_conv_ir::{Function, Inst, Module, parse_module};
use opt_conv_legality::checked::{Concern, check};
use opt_conv_legality::{InsertPoint, Oracle, Query, Rule};

/// Where a merged or moved instruction goes, by names in the source.
#[derive(Copy, Clone)]
enum At {
    Before(&'static str),
    Start(&'static str),
    End(&'static str),
}

fn module(src: &str) -> Module {
    match parse_module("adv.ll", src) {
        Ok((m, _)) => m,
        Err(e) => panic!("{e}"),
    }
}

fn inst(f: &Function, n: &str) -> Inst {
    f.inst_by_name(n).unwrap_or_else(|| panic!("no %{n}"))
}

fn point(f: &Function, at: At) -> InsertPoint {
    let block = |n: &str| f.block_by_name(n).unwrap_or_else(|| panic!("no block %{n}"));
    match at {
        At::Before(n) => InsertPoint::Before(inst(f, n)),
        At::Start(b) => InsertPoint::BlockStart(block(b)),
        At::End(b) => InsertPoint::BlockEnd(block(b)),
    }
}

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
