//! The oracle's rules on small functions, one query each: the cases the
//! passes' golden tests do not reach (unrolling and threading verdicts,
//! moves no pass makes), and the documentation of every rule.

use super::*;
use opt_conv_ir::analysis::FunctionAnalyses;
use opt_conv_ir::{Module, parse_module};

const HEADER: &str = "target triple = \"amdgcn-amd-amdhsa\"\n\
    declare i32 @llvm.amdgcn.workitem.id.x()\n\
    declare void @op() convergent\n\
    declare i32 @pure(i32) convergent nounwind willreturn memory(none)\n\
    declare void @use(i32)\n";

fn module(body: &str) -> Module {
    let src = format!("{HEADER}{body}");
    parse_module("t.ll", &src).unwrap_or_else(|e| panic!("{e}")).0
}

/// Asks `q(oracle, function)` about `@f`.
fn ask(m: &Module, q: impl Fn(&Function) -> Query) -> Verdict {
    let fid = m.func_by_name("f").expect("@f");
    let f = m.body(fid).expect("a body");
    Oracle::new(m, fid, f).ask(f, &q(f))
}

fn rule(v: &Verdict) -> Option<Rule> {
    v.refusal().map(|r| r.rule)
}

fn inst(f: &Function, n: &str) -> Inst {
    f.inst_by_name(n).unwrap_or_else(|| panic!("%{n}"))
}

fn block(f: &Function, n: &str) -> Block {
    f.block_by_name(n).unwrap_or_else(|| panic!("%{n}"))
}

const LOOP_WITH_ANCHOR: &str = "define void @f(i32 %n) {\n\
    pre:\n  br label %loop\n\
    loop:\n  %i = phi i32 [ 0, %pre ], [ %i.next, %loop ]\n\
      %tok = call token @llvm.experimental.convergence.anchor()\n\
      call void @op() [ \"convergencectrl\"(token %tok) ]\n\
      %i.next = add i32 %i, 1\n  %c = icmp eq i32 %i.next, %n\n\
      br i1 %c, label %exit, label %loop\n\
    exit:\n  ret void\n}\n";

#[test]
fn anchors_never_leave_their_cycle() {
    let m = module(LOOP_WITH_ANCHOR);
    let v = ask(&m, |f| Query::Move { insts: vec![inst(f, "tok")], to: InsertPoint::BlockEnd(block(f, "pre")) });
    assert_eq!(rule(&v), Some(Rule::AnchorCycle), "{v:?}");
}

#[test]
fn convergent_operations_keep_their_instance_count() {
    let m = module(
        "define void @f(i32 %n) convergent {\n\
         pre:\n  %e = call token @llvm.experimental.convergence.entry()\n\
           %x = call i32 @pure(i32 %n) [ \"convergencectrl\"(token %e) ]\n  br label %loop\n\
         loop:\n  %i = phi i32 [ 0, %pre ], [ %i.next, %loop ]\n\
           %h = call token @llvm.experimental.convergence.loop() [ \"convergencectrl\"(token %e) ]\n\
           call void @use(i32 %x)\n  %i.next = add i32 %i, 1\n  %c = icmp eq i32 %i.next, %n\n\
           br i1 %c, label %exit, label %loop\n\
         exit:\n  ret void\n}\n",
    );
    let v = ask(&m, |f| Query::Move { insts: vec![inst(f, "x")], to: InsertPoint::BlockEnd(block(f, "loop")) });
    assert_eq!(rule(&v), Some(Rule::CycleBoundary), "{v:?}");
    // The entry and loop intrinsics never move.
    let v = ask(&m, |f| Query::Move { insts: vec![inst(f, "h")], to: InsertPoint::BlockEnd(block(f, "exit")) });
    assert_eq!(rule(&v), Some(Rule::TokenPlacement), "{v:?}");
}

#[test]
fn two_anchors_may_share_a_block() {
    let m = module(
        "define void @f(i32 %n) {\n\
         a:\n  %t1 = call token @llvm.experimental.convergence.anchor()\n  br label %b\n\
         b:\n  %t2 = call token @llvm.experimental.convergence.anchor()\n\
           call void @op() [ \"convergencectrl\"(token %t2) ]\n\
           call void @op() [ \"convergencectrl\"(token %t1) ]\n  ret void\n}\n",
    );
    // Only loop and entry intrinsics must come first; anchors may share a block.
    let v = ask(&m, |f| Query::Move { insts: vec![inst(f, "t1")], to: InsertPoint::BlockStart(block(f, "b")) });
    assert!(v.is_legal(), "{v:?}");
}

#[test]
fn loop_intrinsics_come_first() {
    let m = module(
        "define void @f(i1 %c) convergent {\n\
         entry:\n  %e = call token @llvm.experimental.convergence.entry()\n\
           %t = call token @llvm.experimental.convergence.anchor()\n  br label %loop\n\
         loop:\n  %h = call token @llvm.experimental.convergence.loop() [ \"convergencectrl\"(token %e) ]\n\
           call void @op() [ \"convergencectrl\"(token %h) ]\n  br i1 %c, label %loop, label %exit\n\
         exit:\n  call void @op() [ \"convergencectrl\"(token %t) ]\n  ret void\n}\n",
    );
    // Sinking an anchor with no loop or entry intrinsic at the destination.
    let v = ask(&m, |f| Query::Move { insts: vec![inst(f, "t")], to: InsertPoint::BlockStart(block(f, "exit")) });
    assert!(v.is_legal(), "{v:?}");
    // Within the loop: hoisting the anchor to the header's start would put
    // it before the heart.
    let m2 = module(
        "define amdgpu_kernel void @f(i1 %c) convergent {\n\
         entry:\n  %e = call token @llvm.experimental.convergence.entry()\n  br label %loop\n\
         loop:\n  %h = call token @llvm.experimental.convergence.loop() [ \"convergencectrl\"(token %e) ]\n\
           br label %body\n\
         body:\n  %t = call token @llvm.experimental.convergence.anchor()\n\
           call void @op() [ \"convergencectrl\"(token %t) ]\n  br i1 %c, label %loop, label %exit\n\
         exit:\n  ret void\n}\n",
    );
    let v = ask(&m2, |f| Query::Move { insts: vec![inst(f, "t")], to: InsertPoint::BlockStart(block(f, "loop")) });
    assert_eq!(rule(&v), Some(Rule::TokenPlacement), "{v:?}");
    let v = ask(&m2, |f| Query::Move { insts: vec![inst(f, "t")], to: InsertPoint::BlockEnd(block(f, "loop")) });
    assert!(v.is_legal(), "{v:?}");
}

#[test]
fn tokens_dominate_their_uses() {
    let m = module(
        "define amdgpu_kernel void @f(i32 %n) {\n\
         a:\n  %c = icmp eq i32 %n, 0\n  br i1 %c, label %b, label %d\n\
         b:\n  %t = call token @llvm.experimental.convergence.anchor()\n\
           %x = call i32 @pure(i32 %n) [ \"convergencectrl\"(token %t) ]\n  call void @use(i32 %x)\n  br label %d\n\
         d:\n  ret void\n}\n",
    );
    let v = ask(&m, |f| Query::Move { insts: vec![inst(f, "x")], to: InsertPoint::BlockEnd(block(f, "a")) });
    assert_eq!(rule(&v), Some(Rule::TokenDominance), "{v:?}");
    // With its anchor, the hoist across the uniform branch is fine.
    let v =
        ask(&m, |f| Query::Move { insts: vec![inst(f, "t"), inst(f, "x")], to: InsertPoint::BlockEnd(block(f, "a")) });
    assert!(v.is_legal(), "{v:?}");
}

/// Sinking an anchor alone shrinks its region from the top; a token defined
/// in the part it loses must not keep a use in the part it keeps (a case
/// translation validation found, seed 1000111).
#[test]
fn sunk_anchors_keep_regions_nested() {
    let m = module(
        "define void @f() {\n\
         entry:\n  %a = call token @llvm.experimental.convergence.anchor()\n\
           %b = call token @llvm.experimental.convergence.anchor()\n  br label %mid\n\
         mid:\n  call void @op() [ \"convergencectrl\"(token %b) ]\n\
           call void @op() [ \"convergencectrl\"(token %a) ]\n  ret void\n}\n",
    );
    let v = ask(&m, |f| Query::Move { insts: vec![inst(f, "a")], to: InsertPoint::BlockStart(block(f, "mid")) });
    assert_eq!(rule(&v), Some(Rule::RegionNesting), "{v:?}");
    // Past the use of %b, the region no longer holds it: legal.
    let v = ask(&m, |f| {
        let use_a = f.block_insts(block(f, "mid")).nth(1).unwrap();
        Query::Move { insts: vec![inst(f, "a")], to: InsertPoint::Before(use_a) }
    });
    assert!(v.is_legal(), "{v:?}");
}

fn heart_loop(trip: &str) -> Module {
    module(&format!(
        "define amdgpu_kernel void @f(i32 %n) convergent {{\n\
         pre:\n  %e = call token @llvm.experimental.convergence.entry()\n\
           %tid = call i32 @llvm.amdgcn.workitem.id.x()\n  br label %loop\n\
         loop:\n  %i = phi i32 [ 0, %pre ], [ %i.next, %loop ]\n\
           %h = call token @llvm.experimental.convergence.loop() [ \"convergencectrl\"(token %e) ]\n\
           call void @op() [ \"convergencectrl\"(token %h) ]\n  %i.next = add i32 %i, 1\n\
           %c = icmp eq i32 %i.next, {trip}\n  br i1 %c, label %exit, label %loop\n\
         exit:\n  ret void\n}}\n"
    ))
}

fn unroll(m: &Module, kind: UnrollKind) -> Verdict {
    ask(m, |f| {
        let cycles = f.cycles();
        let c = cycles.cycle_of(block(f, "loop")).expect("a loop");
        Query::Unroll { cycle: c, kind }
    })
}

/// The run-time trip count operands of `@f`'s loop: the start of `%i` and
/// the limit `%i.next` is compared with.
fn trip_of(f: &Function) -> Option<(Value, Value)> {
    let dfg = f.dfg();
    let start = dfg.inst(inst(f, "i")).args[0];
    let limit = dfg.inst(inst(f, "c")).args[1];
    Some((start, limit))
}

fn runtime(m: &Module) -> Verdict {
    ask(m, |f| {
        let c = f.cycles().cycle_of(block(f, "loop")).expect("a loop");
        Query::Unroll { cycle: c, kind: UnrollKind::Runtime { trip_count_of: trip_of(f), frozen: false } }
    })
}

#[test]
fn heart_loops_unroll_without_remainder_only() {
    for trip in ["%tid", "%n"] {
        let m = heart_loop(trip);
        for kind in [UnrollKind::Full, UnrollKind::PartialNoRemainder, UnrollKind::KeepExits] {
            let v = unroll(&m, kind);
            assert!(matches!(&v, Verdict::Legal(o) if matches!(o[..], [Obligation::KeepHeart(_)])), "{kind:?}: {v:?}");
        }
        // Unknown operands: not uniform.
        let v = unroll(&m, UnrollKind::Runtime { trip_count_of: None, frozen: false });
        assert_eq!(rule(&v), Some(Rule::HeartRemainder), "{v:?}");
    }
    // A remainder only when the trip count is uniform for the heart's threads.
    assert_eq!(rule(&runtime(&heart_loop("%tid"))), Some(Rule::HeartRemainder));
    assert!(runtime(&heart_loop("%n")).is_legal());
}

/// Class 2 of the review: a limit uniform where it is defined (inside an
/// earlier loop) is temporally divergent where the heart loop uses it,
/// because threads left the earlier loop in different iterations.
#[test]
fn trip_count_uniformity_is_judged_at_the_loop() {
    let m = module(
        "define amdgpu_kernel void @f(i32 %n) convergent {\n\
         pre:\n  %e = call token @llvm.experimental.convergence.entry()\n\
           %tid = call i32 @llvm.amdgcn.workitem.id.x()\n  br label %first\n\
         first:\n  %j = phi i32 [ 0, %pre ], [ %j.next, %first ]\n  %j.next = add i32 %j, 1\n\
           %stop = icmp uge i32 %j, %tid\n  br i1 %stop, label %mid, label %first\n\
         mid:\n  br label %loop\n\
         loop:\n  %i = phi i32 [ 0, %mid ], [ %i.next, %loop ]\n\
           %h = call token @llvm.experimental.convergence.loop() [ \"convergencectrl\"(token %e) ]\n\
           call void @op() [ \"convergencectrl\"(token %h) ]\n  %i.next = add i32 %i, 1\n\
           %c = icmp eq i32 %i.next, %j.next\n  br i1 %c, label %exit, label %loop\n\
         exit:\n  ret void\n}\n",
    );
    let v = runtime(&m);
    assert_eq!(rule(&v), Some(Rule::HeartRemainder), "{v:?}");
}

#[test]
fn anchor_loops_unroll_every_way() {
    let m = module(LOOP_WITH_ANCHOR);
    for kind in [
        UnrollKind::Full,
        UnrollKind::PartialNoRemainder,
        UnrollKind::KeepExits,
        UnrollKind::Runtime { trip_count_of: None, frozen: false },
    ] {
        let v = unroll(&m, kind);
        assert_eq!(v, Verdict::Legal(vec![Obligation::DuplicateAnchors]), "{kind:?}");
    }
}

#[test]
fn uncontrolled_and_extended_loops() {
    let m = module(
        "define void @f(i32 %n) {\n\
         pre:\n  br label %loop\n\
         loop:\n  %i = phi i32 [ 0, %pre ], [ %i.next, %loop ]\n  call void @op()\n\
           %i.next = add i32 %i, 1\n  %c = icmp eq i32 %i.next, %n\n  br i1 %c, label %exit, label %loop\n\
         exit:\n  ret void\n}\n",
    );
    assert!(unroll(&m, UnrollKind::PartialNoRemainder).is_legal());
    assert!(unroll(&m, UnrollKind::KeepExits).is_legal());
    let v = runtime(&m);
    assert_eq!(rule(&v), Some(Rule::UncontrolledRemainder), "{v:?}");
    let m = module(
        "define void @f(i32 %n) convergent {\n\
         pre:\n  %e = call token @llvm.experimental.convergence.entry()\n  br label %loop\n\
         loop:\n  %i = phi i32 [ 0, %pre ], [ %i.next, %loop ]\n\
           %h = call token @llvm.experimental.convergence.loop() [ \"convergencectrl\"(token %e) ]\n\
           %i.next = add i32 %i, 1\n  %c = icmp eq i32 %i.next, %n\n  br i1 %c, label %exit, label %loop\n\
         exit:\n  call void @op() [ \"convergencectrl\"(token %h) ]\n  ret void\n}\n",
    );
    let v = unroll(&m, UnrollKind::Full);
    assert_eq!(rule(&v), Some(Rule::ExtendedLoop), "{v:?}");
}

const THREADING: &str = "define void @f(i32 %n) {\n\
    entry:\n  %tid = call i32 @llvm.amdgcn.workitem.id.x()\n  %c1 = icmp eq i32 %tid, 0\n\
      br i1 %c1, label %then1, label %mid\n\
    then1:\n  %c2 = icmp eq i32 %n, 0\n  br label %mid\n\
    mid:\n  %flag = phi i1 [ true, %entry ], [ %c2, %then1 ]\n  MID\n  br i1 %flag, label %then2, label %end\n\
    then2:\n  THEN2\n  br label %end\n\
    end:\n  ret void\n}\n";

fn thread(m: &Module) -> Verdict {
    ask(m, |f| Query::Thread { pred: block(f, "entry"), block: block(f, "mid"), succ: block(f, "then2") })
}

#[test]
fn threading_the_specs_example() {
    // Controlled downstream operation: its threads are set by its token.
    let src = THREADING.replace("MID", "").replace("THEN2", "call void @op() [ \"convergencectrl\"(token %a) ]");
    let src = src.replace("entry:\n", "entry:\n  %a = call token @llvm.experimental.convergence.anchor()\n");
    assert!(thread(&module(&src)).is_legal());
    // Uncontrolled downstream operation: flag at a distance.
    let src = THREADING.replace("MID", "").replace("THEN2", "call void @op()");
    assert_eq!(rule(&thread(&module(&src))), Some(Rule::UncontrolledDownstream));
    // A convergent operation in the duplicated block, reached divergently.
    let src = THREADING.replace("MID", "call void @op()").replace("THEN2", "");
    assert_eq!(rule(&thread(&module(&src))), Some(Rule::DuplicateUnderDivergence));
}

/// A branch on `%COND` at the end of `%mid`, arms rejoining at once.
fn unfold(m: &Module, cond: &str) -> Verdict {
    ask(m, |f| {
        let c = f.dfg().inst_result(inst(f, cond)).expect("a value");
        Query::UnfoldSelect { block: block(f, "mid"), cond: c }
    })
}

#[test]
fn unfolding_a_select_needs_a_uniform_condition_above_uncontrolled_operations() {
    let src = THREADING.replace("MID", "%u = freeze i1 true").replace("THEN2", "call void @op()");
    let src = src.replace("%flag = phi", "%d = icmp eq i32 %tid, 7\n  %flag = phi");
    // A divergent branch above an uncontrolled operation: refused.
    assert_eq!(rule(&unfold(&module(&src), "d")), Some(Rule::UncontrolledDownstream));
    // A uniform one: threads that meet at `%mid` all go the same way.
    assert!(unfold(&module(&src), "u").is_legal());
    // A controlled operation keeps the threads of its token.
    let src = src.replace("call void @op()", "call void @op() [ \"convergencectrl\"(token %a) ]");
    let src = src.replace("entry:\n", "entry:\n  %a = call token @llvm.experimental.convergence.anchor()\n");
    assert!(unfold(&module(&src), "d").is_legal());
}

#[test]
fn every_rule_is_documented() {
    let doc = include_str!("../../RULES.md");
    for r in Rule::ALL {
        assert!(doc.contains(&format!("## {}\n", r.id())), "RULES.md lacks a section for {}", r.id());
        assert!(!r.spec_section().is_empty());
    }
}

#[test]
fn refusals_without_printer_names_still_name_the_rule_and_the_values() {
    // Unnamed values and blocks are numbered by the printer; without exact
    // names the explanation describes them instead.
    let m = module(
        "define void @f() {\n\
         entry:\n  %tid = call i32 @llvm.amdgcn.workitem.id.x()\n\
           %0 = call i32 @pure(i32 %tid)\n  %c = icmp eq i32 %tid, 0\n\
           br i1 %c, label %1, label %end\n\
         1:\n  call void @use(i32 %0)\n  br label %end\n\
         end:\n  ret void\n}\n",
    );
    let fid = m.func_by_name("f").unwrap();
    let f = m.body(fid).unwrap();
    let x = f.layout().block_insts(block(f, "entry")).nth(1).unwrap();
    let then = f.cfg().succs(block(f, "entry"))[0];
    let q = Query::Move { insts: vec![x], to: InsertPoint::BlockStart(then) };
    let exact = Oracle::new(&m, fid, f).ask(f, &q);
    let own = Oracle::new(&m, fid, f).explaining(false).ask(f, &q);
    assert_eq!(rule(&exact), Some(Rule::UncontrolledControlDependence), "{exact:?}");
    assert_eq!(rule(&own), rule(&exact));
    let (exact, own) = (exact.refusal().unwrap().to_string(), own.refusal().unwrap().to_string());
    assert!(exact.contains("moving it to %1 "), "{exact}");
    assert!(own.contains("moving it to an unnamed block "), "{own}");
    assert!(exact.contains("%0 (in %entry)") && own.contains("the call to @pure (in %entry)"), "{own}");
    assert_eq!(exact.replace("%1 ", "an unnamed block ").replace("%0 ", "the call to @pure "), own);
}

/// The shortcut an inliner asks first agrees with the full query: a callee
/// without convergence is inlined plainly, one with convergence needs the
/// caller's analyses (here, a token at the call site).
#[test]
fn inlining_a_callee_without_convergence_needs_no_caller_analyses() {
    let m = module(
        "define i32 @plain(i32 %x) {\nentry:\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n\
         define void @conv() convergent {\nentry:\n  %t = call token @llvm.experimental.convergence.entry()\n  \
         call void @op() [ \"convergencectrl\"(token %t) ]\n  ret void\n}\n\
         define void @f() convergent {\nentry:\n  %r = call i32 @plain(i32 1)\n  call void @conv()\n  ret void\n}\n\
         declare token @llvm.experimental.convergence.entry()\n",
    );
    let body = |n: &str| m.body(m.func_by_name(n).unwrap()).unwrap();
    let plain = Oracle::inline_without_convergence(&m, body("plain")).expect("no convergence in @plain");
    let full = ask(&m, |f| Query::Inline { call: inst(f, "r") });
    assert_eq!(format!("{plain:?}"), format!("{full:?}"));
    assert!(Oracle::inline_without_convergence(&m, body("conv")).is_none());
}

const ANCHORED_SUM: &str = "define amdgpu_kernel void @f(i32 %n) convergent {\n\
    entry:\n  %e = call token @llvm.experimental.convergence.entry()\n\
      %tid = call i32 @llvm.amdgcn.workitem.id.x()\n\
      %a = call token @llvm.experimental.convergence.anchor()\n\
      %x = call i32 @pure(i32 %tid) [ \"convergencectrl\"(token %a) ]\n\
      %c = icmp eq i32 %tid, 0\n  br i1 %c, label %then, label %end\n\
    then:\n  call void @use(i32 %x)\n  br label %end\n\
    end:\n  ret void\n}\n";

/// `%x`'s token becomes the entry token by an edit that leaves the CFG alone.
fn retoken(f: &mut Function) {
    let (x, e) = (inst(f, "x"), inst(f, "e"));
    let ev = f.dfg().inst_result(e).expect("a token");
    let at = f.dfg().inst(x).call_info().and_then(|c| c.convergencectrl_range()).expect("a bundle").start;
    f.dfg_mut_preserving_cfg().inst_mut(x).args[at] = ev;
}

/// A question asked after the CFG changed is answered from fresh analyses.
#[test]
fn a_changed_cfg_gets_a_fresh_answer() {
    let mut m = module(ANCHORED_SUM);
    let fid = m.func_by_name("f").unwrap();
    let mut f = m.take_body(fid).unwrap();
    let oracle = Oracle::new(&m, fid, &f);
    let q = |f: &Function| Query::Move { insts: vec![inst(f, "x")], to: InsertPoint::BlockStart(block(f, "then")) };
    assert_eq!(rule(&oracle.ask(&f, &q(&f))), Some(Rule::PartialAnchorMove));
    retoken(&mut f);
    f.touch(opt_conv_ir::Changes::CFG);
    assert_eq!(rule(&oracle.ask(&f, &q(&f))), Some(Rule::EntryOrHeartToken));
}

/// A convergent operation changed without `Oracle::refresh`: debug builds
/// catch the stale answer.
#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "stale")]
fn a_forgotten_refresh_fails_in_debug_builds() {
    let mut m = module(ANCHORED_SUM);
    let fid = m.func_by_name("f").unwrap();
    let mut f = m.take_body(fid).unwrap();
    let oracle = Oracle::new(&m, fid, &f);
    retoken(&mut f);
    oracle.ask(&f, &Query::Move { insts: vec![inst(&f, "x")], to: InsertPoint::BlockStart(block(&f, "then")) });
}

/// Found by the adversarial review of moves: the asm of a `callbr` picks its
/// destination from whatever it reads (on AMDGPU a scalar branch, the same
/// for one wave only), and the entry token's group may span waves. Sinking
/// a reduction to one destination is refused, as under an asm output. (A
/// unit test: the executor does not run `callbr`.)
#[test]
fn a_callbr_destination_is_divergent() {
    let m = module(
        "define amdgpu_kernel void @f(i32 %n) convergent {\n\
         entry:\n  %e = call token @llvm.experimental.convergence.entry()\n\
           %q = call i32 @pure(i32 %n) [ \"convergencectrl\"(token %e) ]\n\
           callbr void asm \"\", \"!i\"() to label %ok [label %other]\n\
         ok:\n  call void @use(i32 %q)\n  ret void\n\
         other:\n  ret void\n}\n",
    );
    let v = ask(&m, |f| Query::Move { insts: vec![inst(f, "q")], to: InsertPoint::BlockStart(block(f, "ok")) });
    assert_eq!(rule(&v), Some(Rule::EntryOrHeartToken), "{v:?}");
}

/// After `llvm.amdgcn.wqm.demote` a demoted lane no longer takes part in
/// subgroup operations outside whole-quad mode; the intrinsic is not
/// `willreturn`, so it counts as a point where a thread may stop, and a
/// reduction does not sink below it even under a uniform branch.
#[test]
fn a_demote_ends_threads_for_moves() {
    let m = module(
        "declare void @llvm.amdgcn.wqm.demote(i1)\n\
         define amdgpu_ps void @f(i32 %x, i1 %keep, i32 inreg %m) convergent {\n\
         entry:\n  %e = call token @llvm.experimental.convergence.entry()\n\
           %q = call i32 @pure(i32 %x) [ \"convergencectrl\"(token %e) ]\n\
           call void @llvm.amdgcn.wqm.demote(i1 %keep)\n\
           %c = icmp eq i32 %m, 0\n  br i1 %c, label %then, label %end\n\
         then:\n  call void @use(i32 %q)\n  br label %end\n\
         end:\n  ret void\n}\n",
    );
    let v = ask(&m, |f| Query::Move { insts: vec![inst(f, "q")], to: InsertPoint::BlockStart(block(f, "then")) });
    assert_eq!(rule(&v), Some(Rule::ThreadEnding), "{v:?}");
}

/// Found by the adversarial review of moves: intrinsics that read the wave's
/// identity or a clock give one value per wave, and LLVM counts them as
/// uniform; but the entry token's group of an OpenCL kernel is a workgroup
/// of several waves, whose ids differ. A reduction of the whole group does
/// not sink under a branch on them.
#[test]
fn wave_ids_and_clocks_are_divergent_for_the_entry_token() {
    for (decl, call) in [
        (
            "declare i32 @llvm.amdgcn.s.get.waveid.in.workgroup() nounwind willreturn",
            "i32 @llvm.amdgcn.s.get.waveid.in.workgroup()",
        ),
        ("declare i64 @llvm.amdgcn.s.memtime() nounwind willreturn", "i64 @llvm.amdgcn.s.memtime()"),
        ("declare i64 @llvm.readcyclecounter() nounwind willreturn", "i64 @llvm.readcyclecounter()"),
        // MSG_RTN_GET_REALTIME: a clock (found by the adversarial review
        // of the heart remainder, as a trip count).
        (
            "declare i32 @llvm.amdgcn.s.sendmsg.rtn.i32(i32 immarg) nounwind willreturn",
            "i32 @llvm.amdgcn.s.sendmsg.rtn.i32(i32 131)",
        ),
    ] {
        let ty = call.split(' ').next().unwrap();
        let m = module(&format!(
            "{decl}\n\
             define amdgpu_kernel void @f(i32 %x) convergent {{\n\
             entry:\n  %e = call token @llvm.experimental.convergence.entry()\n\
               %q = call i32 @pure(i32 %x) [ \"convergencectrl\"(token %e) ]\n\
               %w = call {call}\n  %c = icmp eq {ty} %w, 0\n\
               br i1 %c, label %then, label %end\n\
             then:\n  call void @use(i32 %q)\n  br label %end\n\
             end:\n  ret void\n}}\n"
        ));
        let v = ask(&m, |f| Query::Move { insts: vec![inst(f, "q")], to: InsertPoint::BlockStart(block(f, "then")) });
        assert_eq!(rule(&v), Some(Rule::EntryOrHeartToken), "{call}: {v:?}");
    }
}

/// NVPTX's performance counters (one value per warp) and the ballot without
/// `.sync` (the mask of the warp's running lanes; a partial last warp has
/// fewer) are divergent for the entry token's group, which may span warps;
/// the `.sync` ballot answers from its mask operand. Found by the
/// adversarial review of the heart remainder, as trip counts.
#[test]
fn nvptx_counters_and_ballots_are_divergent_for_the_entry_token() {
    for (decl, call, divergent) in [
        ("declare i32 @llvm.nvvm.read.ptx.sreg.pm1()", "@llvm.nvvm.read.ptx.sreg.pm1()", true),
        (
            "declare i32 @llvm.nvvm.vote.ballot(i1) convergent nounwind willreturn",
            "@llvm.nvvm.vote.ballot(i1 true) [ \"convergencectrl\"(token %e) ]",
            true,
        ),
        (
            "declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1) convergent nounwind willreturn",
            "@llvm.nvvm.vote.ballot.sync(i32 -1, i1 true) [ \"convergencectrl\"(token %e) ]",
            false,
        ),
    ] {
        let src = format!(
            "target triple = \"nvptx64-nvidia-cuda\"\n\
             declare i32 @pure(i32) convergent nounwind willreturn memory(none)\n\
             declare void @use(i32)\n{decl}\n\
             define ptx_kernel void @f(i32 %x) convergent {{\n\
             entry:\n  %e = call token @llvm.experimental.convergence.entry()\n\
               %q = call i32 @pure(i32 %x) [ \"convergencectrl\"(token %e) ]\n\
               %w = call i32 {call}\n  %c = icmp eq i32 %w, 0\n\
               br i1 %c, label %then, label %end\n\
             then:\n  call void @use(i32 %q)\n  br label %end\n\
             end:\n  ret void\n}}\n"
        );
        let m = parse_module("t.ll", &src).unwrap_or_else(|e| panic!("{e}")).0;
        let fid = m.func_by_name("f").unwrap();
        let f = m.body(fid).unwrap();
        let w = f.dfg().inst_result(inst(f, "w")).unwrap();
        let uniform = Oracle::new(&m, fid, f).value_uniform_at(f, w, block(f, "then"));
        assert_eq!(uniform, !divergent, "{call}");
    }
}

/// A comparison that all threads of one iteration agree on, sunk out of a
/// loop that threads leave in different iterations, is divergent where it
/// lands. The oracle keeps its uniformity while the CFG is unchanged; that
/// uniformity must see the move. (Before it did, the refreshed oracle let a
/// select on `%c` become a branch above an uncontrolled convergent call.)
#[test]
fn a_result_sunk_out_of_a_divergent_loop_is_divergent() {
    let mut m = module(
        "define void @f(i32 %n) convergent {\n\
         entry:\n  %tid = call i32 @llvm.amdgcn.workitem.id.x()\n  br label %loop\n\
         loop:\n  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]\n\
           %c = icmp eq i32 %i, 3\n  %i.next = add i32 %i, 1\n\
           %done = icmp eq i32 %i.next, %tid\n  br i1 %done, label %exit, label %loop\n\
         exit:\n  %s = select i1 %c, i32 1, i32 2\n  call void @op()\n  call void @use(i32 %s)\n  ret void\n}\n",
    );
    let fid = m.func_by_name("f").unwrap();
    let mut f = m.take_body(fid).unwrap();
    let mut oracle = Oracle::new(&m, fid, &f);
    let (c, exit) = (f.inst_by_name("c").unwrap(), block(&f, "exit"));
    let cond = f.dfg().inst_result(c).unwrap();
    let q = Query::UnfoldSelect { block: exit, cond };
    assert_eq!(rule(&oracle.ask(&f, &q)), Some(Rule::UncontrolledDownstream));
    opt_conv_ir::edit::move_to_block_start(&mut f, c, exit);
    oracle.refresh(&f);
    assert!(!oracle.value_uniform_at(&f, cond, exit));
    assert_eq!(rule(&oracle.ask(&f, &q)), Some(Rule::UncontrolledDownstream));
}

/// A never-taken edge of an irreducible cycle may go when one of the
/// cycle's entries dominates its convergent operations (that header groups
/// the threads as the acyclic result does), not when an operation is
/// reached from two entries without a common one; reducible cycles and
/// cycles without convergent operations are not concerned.
#[test]
fn removing_a_never_taken_edge_of_an_irreducible_cycle() {
    let f = |entries: &str, back: &str, op: &str| {
        module(&format!(
            "define void @f(i1 %c, i1 %d) convergent {{\n\
             entry:\n{entries}\
             o:\n{op}  br i1 false, label %y, label %exit\n\
             y:\n{back}\
             exit:\n  ret void\n}}\n"
        ))
    };
    let at_entry = "  br i1 %c, label %o, label %x\nx:\n  br label %o\n";
    let two = "  br i1 %c, label %e1, label %e2\ne1:\n  br label %o\ne2:\n  br label %o\n";
    let removal = |m: &Module| {
        let body = m.body(m.func_by_name("f").unwrap()).unwrap();
        Oracle::edge_removal(m, body, block(body, "o"), &[block(body, "y")], true)
    };
    let op = "  call void @op()\n";
    assert!(removal(&f(at_entry, "  br label %x\n", op)).is_legal());
    let v = removal(&f(two, "  br i1 %d, label %e1, label %e2\n", op));
    assert_eq!(rule(&v), Some(Rule::IrreducibleEdge), "{v:?}");
    assert!(removal(&f(two, "  br i1 %d, label %e1, label %e2\n", "")).is_legal());
    // A natural loop: %o is its only entry.
    assert!(removal(&f("  br label %o\n", "  br label %o\n", op)).is_legal());
}

/// Two never-taken latches of a loop that a third edge keeps: either may
/// go alone (the block before them still gets back to the header over the
/// other), not both (it would leave the loop while the loop stays, rule
/// `irreducible-edge`).
#[test]
fn never_taken_edges_are_judged_together() {
    let m = module(
        "define void @f(i1 %c, i1 %d) convergent {\n\
         entry:\n  br label %h\n\
         h:\n  br i1 %c, label %h, label %x\n\
         x:\n  call void @op()\n  br i1 %d, label %l1, label %l2\n\
         l1:\n  br i1 false, label %h, label %exit\n\
         l2:\n  br i1 false, label %h, label %exit\n\
         exit:\n  ret void\n}\n",
    );
    let body = m.body(m.func_by_name("f").unwrap()).unwrap();
    let (h, l1, l2) = (block(body, "h"), block(body, "l1"), block(body, "l2"));
    assert!(Oracle::edges_removal(&m, body, &[(l1, h)], true).is_legal());
    assert!(Oracle::edges_removal(&m, body, &[(l2, h)], true).is_legal());
    let v = Oracle::edges_removal(&m, body, &[(l1, h), (l2, h)], true);
    assert_eq!(rule(&v), Some(Rule::IrreducibleEdge), "{v:?}");
}

/// Forwarding an empty block, asked from the block's own cycles
/// ([`Oracle::block_forwarding_within`]) and from the whole function's
/// cycle forest ([`Oracle::block_forwarding`]): the same verdict for every
/// empty block, and the blocks the local search settles (a reducible
/// cycle's body, a cycle without convergent operations) need no forest.
#[test]
fn forwarding_asked_from_the_block_agrees_with_the_forest() {
    let m = module(
        "define void @f(i1 %a, i1 %b) {\n\
         entry:\n  br i1 %a, label %oh, label %ix\n\
         oh:\n  br label %ih\n\
         ih:\n  br label %body\n\
         body:\n  call void @op()\n  br i1 %a, label %join1, label %join2\n\
         join1:\n  br label %latch\n\
         join2:\n  br label %latch\n\
         latch:\n  br i1 %b, label %ih, label %olatch\n\
         olatch:\n  br label %mid\n\
         mid:\n  br i1 %a, label %oh, label %iy\n\
         ix:\n  br label %ixm\n\
         ixm:\n  call void @op()\n  br i1 %b, label %iy, label %plain\n\
         iy:\n  br label %ix\n\
         plain:\n  br label %ph\n\
         ph:\n  br label %pbody\n\
         pbody:\n  call void @use(i32 0)\n  br i1 %a, label %pe, label %out\n\
         pe:\n  br label %ph\n\
         out:\n  ret void\n\
         dead:\n  br label %dead2\n\
         dead2:\n  call void @op()\n  br label %dead\n\
         }\n",
    );
    let fid = m.func_by_name("f").expect("@f");
    let f = m.body(fid).expect("a body");
    let legal = |v: Verdict| matches!(v, Verdict::Legal(_));
    for b in f.layout().blocks() {
        if f.successors(b).len() != 1 || f.block_insts(b).count() != 1 {
            continue;
        }
        assert_eq!(
            legal(Oracle::block_forwarding_within(&m, f, b, &|_| true, false)),
            legal(Oracle::block_forwarding(&m, f, b, false)),
            "{b:?}"
        );
    }
    let settled = |n: &str| super::structure::forwarding_leaves_cycles(&m, f, block(f, n), &|_| true);
    // Reducible cycles holding `@op`, not headed by the block.
    for n in ["join1", "join2", "olatch"] {
        assert!(settled(n), "%{n}");
        assert!(legal(Oracle::block_forwarding(&m, f, block(f, n), false)), "%{n}");
    }
    // Cycles without convergent operations, and no cycle at all.
    for n in ["pe", "ph", "plain"] {
        assert!(settled(n), "%{n}");
    }
    // Headers of cycles holding `@op` (the inner loop's, the outer loop's),
    // an irreducible cycle holding it: asked of the forest, refused.
    for n in ["ih", "oh", "ix", "iy"] {
        assert!(!settled(n), "%{n}");
        assert!(!legal(Oracle::block_forwarding(&m, f, block(f, n), false)), "%{n}");
    }
    // Within `region` only: a cycle leaving it is not seen.
    let inner = |x: Block| ["ih", "body", "join1", "join2", "latch"].iter().any(|&n| block(f, n) == x);
    assert!(super::structure::forwarding_leaves_cycles(&m, f, block(f, "olatch"), &inner));
}
