//! [`Oracle::quick_thread_verdict`]: when it answers, it answers as a fresh
//! oracle does, and it answers the questions a pass asks most (a
//! divergent branch before or at the copied block).

use super::*;
use crate::FunctionConvergence;
use crate::uniformity::{Target, divergent_by_data};
use opt_conv_ir::{Module, parse_module};

const HEADER: &str = "target triple = \"amdgcn-amd-amdhsa\"\n\
    declare i32 @llvm.amdgcn.workitem.id.x()\n\
    declare void @op() convergent\n";

fn module(body: &str) -> Module {
    parse_module("t.ll", &format!("{HEADER}{body}")).unwrap_or_else(|e| panic!("{e}")).0
}

/// The quick verdict on threading `pred -> block` to `succ` in `@f`, after
/// checking that it is the oracle's when there is one.
fn quick(m: &Module, pred: &str, block: &str, succ: &str) -> Option<Verdict> {
    let fid = m.func_by_name("f").expect("@f");
    let f = m.body(fid).expect("a body");
    let b = |n: &str| f.block_by_name(n).unwrap_or_else(|| panic!("%{n}"));
    let q = Query::Thread { pred: b(pred), block: b(block), succ: b(succ) };
    let mode = FunctionConvergence::of(m, f);
    let v = Oracle::quick_thread_verdict(m, fid, f, &q, mode, true);
    if let Some(v) = &v {
        assert_eq!(*v, Oracle::new(m, fid, f).ask(f, &q), "{q:?}");
    }
    v
}

/// `%mid` tests `%p`; `%entry` branches on `ENTRY_COND`, `%mid` is entered
/// from `%other` with `OTHER_VALUE`; `MID` and `T` are instructions of
/// `%mid` and `%t`. A kernel: `%u` is uniform, `%tid` is not.
fn shape(entry_cond: &str, other_value: &str, mid: &str, t: &str) -> String {
    format!(
        "define amdgpu_kernel void @f(i1 %u) {{\n\
         entry:\n  %tid = call i32 @llvm.amdgcn.workitem.id.x()\n  %d = icmp eq i32 %tid, 0\n\
         \x20 call void @op()\n  br i1 {entry_cond}, label %mid, label %other\n\
         other:\n  br label %mid\n\
         mid:\n  %p = phi i1 [ true, %entry ], [ {other_value}, %other ]\n{mid}  br i1 %p, label %t, label %e\n\
         t:\n{t}  ret void\n\
         e:\n  ret void\n}}\n"
    )
}

#[test]
fn a_divergent_arrival_refuses_copying_a_convergent_operation() {
    let m = module(&shape("%d", "%u", "  call void @op()\n", ""));
    let v = quick(&m, "entry", "mid", "t").expect("a quick verdict");
    assert_eq!(v.refusal().map(|r| r.rule), Some(Rule::DuplicateUnderDivergence), "{v:?}");
}

#[test]
fn a_divergent_branch_at_the_block_refuses_with_an_operation_downstream() {
    let m = module(&shape("%u", "%d", "", "  call void @op()\n"));
    let v = quick(&m, "entry", "mid", "t").expect("a quick verdict");
    assert_eq!(v.refusal().map(|r| r.rule), Some(Rule::UncontrolledDownstream), "{v:?}");
}

#[test]
fn a_divergent_branch_at_the_block_is_legal_with_nothing_downstream() {
    let m = module(&shape("%u", "%d", "", ""));
    let v = quick(&m, "entry", "mid", "t").expect("a quick verdict");
    assert!(v.is_legal(), "{v:?}");
}

#[test]
fn uniform_branches_are_left_to_the_oracle() {
    // The arrival is uniform: which refusal, if any, needs the analyses.
    let m = module(&shape("%u", "%u", "  call void @op()\n", "  call void @op()\n"));
    assert_eq!(quick(&m, "entry", "mid", "t"), None);
    // So is a convergent operation in the block under a uniform arrival,
    // even with a divergent branch at the block.
    let m = module(&shape("%u", "%d", "  call void @op()\n", ""));
    assert_eq!(quick(&m, "entry", "mid", "t"), None);
}

#[test]
fn functions_with_tokens_are_left_to_the_oracle() {
    let src = shape("%d", "%u", "", "")
        .replace("call void @op()", "%tok = call token @llvm.experimental.convergence.anchor()");
    let m = module(&src);
    assert_eq!(quick(&m, "entry", "mid", "t"), None);
}

/// The proof finds divergence along operands only, and only where the
/// analysis finds it too.
#[test]
fn divergence_by_data_is_a_part_of_the_analysis() {
    let m = module(
        "define amdgpu_kernel void @f(i32 %n) {\n\
         entry:\n  %tid = call i32 @llvm.amdgcn.workitem.id.x()\n  %x = add i32 %tid, %n\n\
         \x20 %c = icmp slt i32 %x, 4\n  %k = icmp slt i32 %n, 4\n  br i1 %c, label %a, label %j\n\
         a:\n  br label %j\n\
         j:\n  %phi = phi i32 [ 0, %entry ], [ 1, %a ]\n  %y = add i32 %phi, %n\n  ret void\n}\n",
    );
    let fid = m.func_by_name("f").unwrap();
    let f = m.body(fid).unwrap();
    let info = crate::uniformity::uniformity(&m, fid, f, crate::uniformity::Mode::Legality);
    let value = |n: &str| f.inst_by_name(n).and_then(|i| f.dfg().inst_result(i)).unwrap();
    let by_data = |n: &str| divergent_by_data(&m, fid, f, Target::Amdgpu, value(n), 64);
    for n in ["tid", "x", "c"] {
        assert!(by_data(n) && info.is_divergent(f, value(n)), "%{n}");
    }
    assert!(!by_data("k") && !info.is_divergent(f, value("k")));
    // Divergent by the branch it joins after, not by its operands.
    for n in ["phi", "y"] {
        assert!(!by_data(n) && info.is_divergent(f, value(n)), "%{n}");
    }
    // A bound too small to reach the source says nothing.
    assert!(!divergent_by_data(&m, fid, f, Target::Amdgpu, value("c"), 2));
}
