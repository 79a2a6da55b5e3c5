//! Unit tests of the convergence model API on small functions.

use super::*;
use opt_conv_ir::analysis::FunctionAnalyses;
use opt_conv_ir::{Module, parse_module};

fn load(src: &str) -> Module {
    parse_module("t.ll", src).unwrap_or_else(|e| panic!("{e}")).0
}

/// The instruction defining `%name` in function `f`.
fn inst(m: &Module, f: &str, name: &str) -> Inst {
    let body = m.body(m.func_by_name(f).unwrap()).unwrap();
    body.insts_in_order()
        .map(|(_, i)| i)
        .find(|&i| body.dfg().inst_result(i).and_then(|v| body.dfg().value_name(v)) == Some(name))
        .unwrap_or_else(|| panic!("no %{name}"))
}

/// The n-th call (0-based) to `@op` in `f`.
fn op_call(m: &Module, f: &str, n: usize) -> Inst {
    let body = m.body(m.func_by_name(f).unwrap()).unwrap();
    body.insts_in_order()
        .map(|(_, i)| i)
        .filter(|&i| callee_decl(m, body, body.dfg().inst(i)).is_some_and(|d| &*d.name == "op"))
        .nth(n)
        .unwrap()
}

const CONTROLLED: &str = r#"
declare void @op() convergent
define void @f(i1 %c) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %a = call token @llvm.experimental.convergence.anchor()
  br i1 %c, label %then, label %join
then:
  call void @op() [ "convergencectrl"(token %a) ]
  %x = add i32 1, 2
  br label %join
join:
  call void @op() [ "convergencectrl"(token %e) ]
  br label %loop
loop:
  %h = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %e) ]
  call void @op() [ "convergencectrl"(token %h) ]
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
"#;

#[test]
fn classifies_operations_and_tokens() {
    let m = load(CONTROLLED);
    let fid = m.func_by_name("f").unwrap();
    let f = m.body(fid).unwrap();
    let ci = ConvergenceInfo::compute(&m, f);
    let (e, a, h) = (inst(&m, "f", "e"), inst(&m, "f", "a"), inst(&m, "f", "h"));
    assert_eq!(ci.mode(), FunctionConvergence::Controlled);
    assert_eq!(ci.def_kind(e), Some(TokenKind::Entry));
    assert_eq!(ci.def_kind(a), Some(TokenKind::Anchor));
    assert_eq!(ci.def_kind(h), Some(TokenKind::Loop));
    assert_eq!(ci.token_defs(), &[e, a, h]);
    assert_eq!(ci.token_of(op_call(&m, "f", 0)), Some(a));
    assert_eq!(ci.token_of(op_call(&m, "f", 1)), Some(e));
    assert_eq!(ci.token_of(op_call(&m, "f", 2)), Some(h));
    assert_eq!(ci.token_of(h), Some(e), "the heart uses the entry token");
    assert_eq!(ci.uses_of(e), &[op_call(&m, "f", 1), h]);
    assert!(ci.is_convergent(h) && ci.is_convergent(op_call(&m, "f", 0)));
    assert!(!ci.is_convergent(inst(&m, "f", "x")));
    let cycles = f.cycles();
    let lp = cycles.cycle_of(ci.block_of(h).unwrap()).unwrap();
    assert_eq!(ci.heart_of(lp), Some(h));
    assert_eq!(ci.loop_kind(f, lp), LoopConvergence::Heart(h));
}

#[test]
fn regions_follow_the_definition() {
    let m = load(CONTROLLED);
    let f = m.body(m.func_by_name("f").unwrap()).unwrap();
    let ci = ConvergenceInfo::compute(&m, f);
    let (e, a, h) = (inst(&m, "f", "e"), inst(&m, "f", "a"), inst(&m, "f", "h"));
    let use_a = op_call(&m, "f", 0);
    let x = inst(&m, "f", "x");
    // %a: from just after its definition to its only use, in `then`.
    assert!(!ci.region_contains(f, a, a), "the point before the definition is outside");
    let br_entry = f.terminator(ci.block_of(a).unwrap()).unwrap();
    assert!(ci.region_contains(f, a, br_entry));
    assert!(ci.region_contains(f, a, use_a), "the use itself");
    assert!(!ci.region_contains(f, a, x), "after the last use");
    assert!(!ci.region_contains(f, a, op_call(&m, "f", 1)), "the join is past every use");
    // %e: used by the heart, in every iteration's header; the whole loop
    // reaches the heart through the back edge.
    assert!(ci.region_contains(f, e, use_a));
    assert!(ci.region_contains(f, e, h));
    assert!(ci.region_contains(f, e, op_call(&m, "f", 2)), "the loop body reaches the heart again");
    // Regions nest: %a inside %e; the heart's inside %e.
    assert_eq!(ci.enclosing_region(f, a), Some(e));
    assert_eq!(ci.enclosing_region(f, h), Some(e));
    assert_eq!(ci.enclosing_region(f, e), None);
}

#[test]
fn loop_kinds() {
    let m = load(
        r#"
declare void @op() convergent
define void @none(i1 %c) {
entry:
  br label %l
l:
  br i1 %c, label %l, label %x
x:
  ret void
}
define void @inside(i1 %c) {
entry:
  br label %l
l:
  %a = call token @llvm.experimental.convergence.anchor()
  call void @op() [ "convergencectrl"(token %a) ]
  br i1 %c, label %l, label %x
x:
  ret void
}
define void @extended(i1 %c) {
entry:
  %a = call token @llvm.experimental.convergence.anchor()
  br label %l
l:
  %h = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %a) ]
  br i1 %c, label %l, label %x
x:
  call void @op() [ "convergencectrl"(token %h) ]
  ret void
}
define void @uncontrolled(i1 %c) {
entry:
  br label %l
l:
  call void @op()
  br i1 %c, label %l, label %x
x:
  ret void
}
"#,
    );
    for (name, want) in
        [("none", "None"), ("inside", "Controlled"), ("extended", "Extended"), ("uncontrolled", "Uncontrolled")]
    {
        let f = m.body(m.func_by_name(name).unwrap()).unwrap();
        let ci = ConvergenceInfo::compute(&m, f);
        let c = f.cycles().top_level()[0];
        assert_eq!(format!("{:?}", ci.loop_kind(f, c)), want, "{name}");
        assert_eq!(FunctionConvergence::of(&m, f), ci.mode(), "{name}");
    }
    let f = m.body(m.func_by_name("uncontrolled").unwrap()).unwrap();
    assert_eq!(ConvergenceInfo::compute(&m, f).mode(), FunctionConvergence::Uncontrolled);
    assert_eq!(FunctionConvergence::of(&m, f), FunctionConvergence::Uncontrolled);
}
