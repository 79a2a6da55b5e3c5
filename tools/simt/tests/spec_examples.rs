//! The transform examples of ConvergentOperations.rst ("Examples for the
//! Correctness of Program Transforms", "Hoisting and sinking", and the
//! motivating examples), each as a before/after pair: `--equiv` must reject
//! every transform the spec forbids and accept every one it allows. The
//! spec's pseudo-code loops count a per-thread `%counter` down; operations
//! whose communication is observed are non-pure convergent calls (their
//! communicating thread sets are compared), pure ones are observed through
//! the values they return.

use opt_conv_simt::equiv::CexKind;
use opt_conv_simt::{Counterexample, EquivConfig, check_equivalence};

const DECLS: &str = "declare void @convergent.operation(i32) convergent\n\
    declare i32 @pure.convergent.operation(i32) convergent nounwind willreturn memory(none)\n\
    declare i32 @subgroupShuffle(i32, i32) convergent nounwind willreturn memory(none)\n\
    declare void @use(i32, i32)\n\
    declare token @llvm.experimental.convergence.entry()\n\
    declare token @llvm.experimental.convergence.anchor()\n\
    declare token @llvm.experimental.convergence.loop()\n";

fn verdict(before: &str, after: &str) -> Result<(), Box<Counterexample>> {
    let parse = |name: &str, body: &str| {
        let src = format!("{DECLS}{body}");
        let (m, _) = opt_conv_ir::parse_module(name, &src).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        opt_conv_ir::verify_module(&m).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        m
    };
    check_equivalence(&parse("before.ll", before), &parse("after.ll", after), "f", &EquivConfig::default())
        .map_err(Box::new)
}

#[track_caller]
fn rejected(before: &str, after: &str) -> Box<Counterexample> {
    match verdict(before, after) {
        Err(c) => {
            assert_eq!(c.kind, CexKind::Differs, "{c}");
            c
        }
        Ok(()) => panic!("a transform the spec forbids was accepted"),
    }
}

#[track_caller]
fn accepted(before: &str, after: &str) {
    if let Err(c) = verdict(before, after) {
        panic!("a transform the spec allows was rejected:\n{c}");
    }
}

/// `%outer = anchor; while (counter > 0) { %inner = loop(%outer); op(%inner); counter-- }`
const HEART_LOOP: &str = "define void @f(i32 %counter) convergent {\n\
    entry:\n  %outer = call token @llvm.experimental.convergence.anchor()\n  br label %loop\n\
    loop:\n  %c = phi i32 [ %counter, %entry ], [ %c.next, %body ]\n\
    \x20 %inner = call token @llvm.experimental.convergence.loop() [ \"convergencectrl\"(token %outer) ]\n\
    \x20 %more = icmp sgt i32 %c, 0\n  br i1 %more, label %body, label %exit\n\
    body:\n  call void @convergent.operation(i32 %c) [ \"convergencectrl\"(token %inner) ]\n\
    \x20 %c.next = sub i32 %c, 1\n  br label %loop\n\
    exit:\n  ret void\n}\n";

#[test]
fn sinking_the_outer_anchor_into_the_loop_is_rejected() {
    // "Hoisting and sinking anchors out of and into loops is forbidden": in
    // the loop, each iteration has a new anchor instance whose threads the
    // implementation may group differently every time.
    let sunk = "define void @f(i32 %counter) convergent {\n\
        entry:\n  br label %loop\n\
        loop:\n  %c = phi i32 [ %counter, %entry ], [ %c.next, %body ]\n\
        \x20 %outer = call token @llvm.experimental.convergence.anchor()\n  br label %test\n\
        test:\n  %inner = call token @llvm.experimental.convergence.loop() [ \"convergencectrl\"(token %outer) ]\n\
        \x20 %more = icmp sgt i32 %c, 0\n  br i1 %more, label %body, label %exit\n\
        body:\n  call void @convergent.operation(i32 %c) [ \"convergencectrl\"(token %inner) ]\n\
        \x20 %c.next = sub i32 %c, 1\n  br label %loop\n\
        exit:\n  ret void\n}\n";
    let c = rejected(HEART_LOOP, sunk);
    assert!(c.to_string().contains("communicates with different threads"), "{c}");
}

#[test]
fn hoisting_an_anchor_out_of_its_loop_is_rejected() {
    // The hoisted program breaks the static rules (a token used around a
    // cycle that does not contain its definition); the executor finds two
    // instances of the operation converged with each other.
    let body = "define void @f(i32 %counter) convergent {\n\
        entry:\nHOIST  br label %loop\n\
        loop:\n  %c = phi i32 [ %counter, %entry ], [ %c.next, %body ]\n\
        \x20 %more = icmp sgt i32 %c, 0\n  br i1 %more, label %body, label %exit\n\
        body:\nSINK  call void @convergent.operation(i32 %c) [ \"convergencectrl\"(token %tok) ]\n\
        \x20 %c.next = sub i32 %c, 1\n  br label %loop\n\
        exit:\n  ret void\n}\n";
    let anchor = "  %tok = call token @llvm.experimental.convergence.anchor()\n";
    let before = body.replace("HOIST", "").replace("SINK", anchor);
    let after = body.replace("HOIST", anchor).replace("SINK", "");
    let c = rejected(&before, &after);
    assert!(c.to_string().contains("after fails where before does not"), "{c}");
}

#[test]
fn unrolling_a_heart_loop_with_a_remainder_is_rejected() {
    // Threads with 3 and 4 iterations: the third iteration runs in the
    // remainder for one and in the unrolled body for the other. The
    // spec says the choice of token in the remainder does not matter:
    // a new loop intrinsic on %outer, or %inner itself.
    let unrolled = "define void @f(i32 %counter) convergent {\n\
        entry:\n  %outer = call token @llvm.experimental.convergence.anchor()\n  br label %loop\n\
        loop:\n  %c = phi i32 [ %counter, %entry ], [ %c.next, %body ]\n\
        \x20 %inner = call token @llvm.experimental.convergence.loop() [ \"convergencectrl\"(token %outer) ]\n\
        \x20 %more = icmp sge i32 %c, 2\n  br i1 %more, label %body, label %check\n\
        body:\n  call void @convergent.operation(i32 %c) [ \"convergencectrl\"(token %inner) ]\n\
        \x20 %c1 = sub i32 %c, 1\n\
        \x20 call void @convergent.operation(i32 %c1) [ \"convergencectrl\"(token %inner) ]\n\
        \x20 %c.next = sub i32 %c, 2\n  br label %loop\n\
        check:\n  %left = icmp sgt i32 %c, 0\n  br i1 %left, label %rem, label %exit\n\
        rem:\nREM  br label %exit\n\
        exit:\n  ret void\n}\n";
    let new_heart = "  %remainder = call token @llvm.experimental.convergence.loop() [ \"convergencectrl\"(token %outer) ]\n\
        \x20 call void @convergent.operation(i32 %c) [ \"convergencectrl\"(token %remainder) ]\n";
    let same_token = "  call void @convergent.operation(i32 %c) [ \"convergencectrl\"(token %inner) ]\n";
    for rem in [new_heart, same_token] {
        rejected(HEART_LOOP, &unrolled.replace("REM", rem));
    }
}

#[test]
fn unrolling_a_heart_loop_without_a_tail_is_accepted() {
    // "Unrolling without tail is allowed": every trip count is even, and
    // the loop intrinsic is not duplicated.
    let even = HEART_LOOP
        .replace("entry:\n  %outer", "entry:\n  %half = and i32 %counter, 7\n  %n = shl i32 %half, 1\n  %outer");
    let before = even.replace("[ %counter, %entry ]", "[ %n, %entry ]");
    let after = "define void @f(i32 %counter) convergent {\n\
        entry:\n  %half = and i32 %counter, 7\n  %n = shl i32 %half, 1\n\
        \x20 %outer = call token @llvm.experimental.convergence.anchor()\n  br label %loop\n\
        loop:\n  %c = phi i32 [ %n, %entry ], [ %c.next, %body ]\n\
        \x20 %inner = call token @llvm.experimental.convergence.loop() [ \"convergencectrl\"(token %outer) ]\n\
        \x20 %more = icmp sgt i32 %c, 0\n  br i1 %more, label %body, label %exit\n\
        body:\n  call void @convergent.operation(i32 %c) [ \"convergencectrl\"(token %inner) ]\n\
        \x20 %c1 = sub i32 %c, 1\n\
        \x20 call void @convergent.operation(i32 %c1) [ \"convergencectrl\"(token %inner) ]\n\
        \x20 %c.next = sub i32 %c, 2\n  br label %loop\n\
        exit:\n  ret void\n}\n";
    accepted(&before, after);
}

/// A loop whose body is `BODY`, and its unrolling by two with a tail loop.
fn unroll_with_tail(body: &str) -> (String, String) {
    let before = format!(
        "define void @f(i32 %counter) convergent {{\n\
         entry:\n  br label %loop\n\
         loop:\n  %c = phi i32 [ %counter, %entry ], [ %c.next, %body ]\n\
         \x20 %more = icmp sgt i32 %c, 0\n  br i1 %more, label %body, label %exit\n\
         body:\n{b}  %c.next = sub i32 %c, 1\n  br label %loop\n\
         exit:\n  ret void\n}}\n",
        b = body.replace("%X", "%c")
    );
    let after = format!(
        "define void @f(i32 %counter) convergent {{\n\
         entry:\n  br label %main\n\
         main:\n  %m = phi i32 [ %counter, %entry ], [ %m.next, %main.body ]\n\
         \x20 %two = icmp sge i32 %m, 2\n  br i1 %two, label %main.body, label %tail\n\
         main.body:\n{b1}  %m1 = sub i32 %m, 1\n{b2}  %m.next = sub i32 %m, 2\n  br label %main\n\
         tail:\n  %c = phi i32 [ %m, %main ], [ %c.next, %tail.body ]\n\
         \x20 %more = icmp sgt i32 %c, 0\n  br i1 %more, label %tail.body, label %exit\n\
         tail.body:\n{b3}  %c.next = sub i32 %c, 1\n  br label %tail\n\
         exit:\n  ret void\n}}\n",
        b1 = body.replace("%X", "%m").replace("%tok", "%tok.1"),
        b2 = body.replace("%X", "%m1").replace("%tok", "%tok.2"),
        b3 = body.replace("%X", "%c").replace("%tok", "%tok.epil"),
    );
    (before, after)
}

#[test]
fn unrolling_with_a_tail_is_accepted_when_every_operation_uses_an_anchor_in_the_loop() {
    // "This change is allowed because the anchor intrinsic has
    // implementation-defined convergence behavior."
    let (before, after) = unroll_with_tail(
        "  %tok = call token @llvm.experimental.convergence.anchor()\n\
         \x20 call void @convergent.operation(i32 %X) [ \"convergencectrl\"(token %tok) ]\n",
    );
    accepted(&before, &after);
}

#[test]
fn unrolling_with_a_tail_is_rejected_for_uncontrolled_operations() {
    // "If the loop contains uncontrolled convergent operations, this kind of
    // unrolling is forbidden."
    let (before, after) = unroll_with_tail("  call void @convergent.operation(i32 %X)\n");
    rejected(&before, &after);
}

/// An anchor, two pure operations on it, and a conditional use of both.
const ANCHOR_THEN_USE: &str = "define void @f(i1 %condition, i32 %x) convergent {\n\
    entry:\nTOKEN  %a = call i32 @pure.convergent.operation(i32 %x) [ \"convergencectrl\"(token %tok) ]\n\
    \x20 %b = call i32 @pure.convergent.operation(i32 %x) [ \"convergencectrl\"(token %tok) ]\n\
    \x20 br i1 %condition, label %then, label %end\n\
    then:\n  call void @use(i32 %a, i32 %b)\n  br label %end\n\
    end:\n  ret void\n}\n";

const ANCHOR: &str = "  %tok = call token @llvm.experimental.convergence.anchor()\n";
const ENTRY: &str = "  %tok = call token @llvm.experimental.convergence.entry()\n";

/// `ANCHOR_THEN_USE` with `%b` sunk into `%then`, or with everything
/// (the token, `%a` and `%b`) when `all`.
fn sink(token: &str, all: bool) -> (String, String) {
    let before = ANCHOR_THEN_USE.replace("TOKEN", token);
    let start = before.find("entry:\n").unwrap() + "entry:\n".len();
    let lines: Vec<String> = before[start..].lines().take(3).map(|l| format!("{l}\n")).collect();
    let moved: String = if all { lines.concat() } else { lines[2].clone() };
    let after = before.replacen(&moved, "", 1).replacen("then:\n", &format!("then:\n{moved}"), 1);
    (before, after)
}

#[test]
fn sinking_an_anchor_with_all_its_operations_is_accepted() {
    // "Convergent operations can be sunk together with their anchor."
    let (before, after) = sink(ANCHOR, true);
    accepted(&before, &after);
}

#[test]
fn sinking_only_one_operation_of_an_anchor_is_rejected() {
    // "However, sinking *only* the convergent operation producing %b would
    // be incorrect."
    let (before, after) = sink(ANCHOR, false);
    rejected(&before, &after);
}

#[test]
fn sinking_entry_controlled_operations_under_a_divergent_branch_is_rejected() {
    // "Note that the entry intrinsic behaves differently": the entry token
    // stays where it is, %a and %b sink.
    let (before, _) = sink(ENTRY, true);
    let after = before
        .replacen(
            "  %a = call i32 @pure.convergent.operation(i32 %x) [ \"convergencectrl\"(token %tok) ]\n\
             \x20 %b = call i32 @pure.convergent.operation(i32 %x) [ \"convergencectrl\"(token %tok) ]\n",
            "",
            1,
        )
        .replacen(
            "then:\n",
            "then:\n  %a = call i32 @pure.convergent.operation(i32 %x) [ \"convergencectrl\"(token %tok) ]\n\
             \x20 %b = call i32 @pure.convergent.operation(i32 %x) [ \"convergencectrl\"(token %tok) ]\n",
            1,
        );
    assert_ne!(before, after);
    rejected(&before, &after);
}

/// Anchors (or the operations themselves) in both arms of a branch.
const ARMS: &str = "define void @f(i1 %condition, i32 %x) convergent {\n\
    entry:\nTOP  br i1 %condition, label %then, label %else\n\
    then:\nTHEN  br label %end\n\
    else:\nELSE  br label %end\n\
    end:\n  ret void\n}\n";

#[test]
fn hoisting_anchors_in_acyclic_code_is_accepted() {
    let before = ARMS.replace("TOP", "").replace(
        "THEN",
        "  %tok1 = call token @llvm.experimental.convergence.anchor()\n\
         \x20 call void @convergent.operation(i32 %x) [ \"convergencectrl\"(token %tok1) ]\n",
    );
    let before = before.replace(
        "ELSE",
        "  %tok2 = call token @llvm.experimental.convergence.anchor()\n\
         \x20 call void @convergent.operation(i32 %x) [ \"convergencectrl\"(token %tok2) ]\n",
    );
    let op = "  call void @convergent.operation(i32 %x) [ \"convergencectrl\"(token %tok) ]\n";
    let after = ARMS.replace("TOP", ANCHOR).replace("THEN", op).replace("ELSE", op);
    accepted(&before, &after);
    // "By contrast, hoisting the convergent operations themselves is forbidden."
    let hoisted = ARMS.replace("TOP", &format!("{ANCHOR}{op}")).replace("THEN", "").replace("ELSE", "");
    rejected(&before, &hoisted);
}

#[test]
fn hoisting_a_shuffle_out_of_both_arms_is_accepted_and_speculating_it_is_not() {
    // The shuffle reads another thread's data; after hoisting from both
    // arms the communicating set is the union of the two, so every source
    // thread that was in range still is.
    let shuffle = "  %s = call i32 @subgroupShuffle(i32 %x, i32 %id) [ \"convergencectrl\"(token %tok) ]\n";
    let use_s = "  call void @use(i32 %s, i32 0)\n";
    let top = format!("{ENTRY}  %id = and i32 %x, 3\n");
    let arm = |n: &str| format!("{shuffle}{use_s}").replace("%s", &format!("%s{n}"));
    let before = ARMS.replace("TOP", &top).replace("THEN", &arm("1")).replace("ELSE", &arm("2"));
    let after = ARMS.replace("TOP", &format!("{top}{shuffle}")).replace("THEN", use_s).replace("ELSE", use_s);
    accepted(&before, &after);
    // Speculating the shuffle of one arm: threads of the other arm now
    // take part, and the threads of the first arm may read their data.
    let one_arm = ARMS.replace("TOP", &top).replace("THEN", &format!("{shuffle}{use_s}")).replace("ELSE", "");
    let speculated = ARMS.replace("TOP", &format!("{top}{shuffle}")).replace("THEN", use_s).replace("ELSE", "");
    rejected(&one_arm, &speculated);
}

/// A reduction, then `llvm.amdgcn.kill` (threads whose condition is false
/// stop), then a use of the sum: `SUM` marks where the reduction goes.
const KILL: &str = "define amdgpu_ps void @f(i32 %x, i1 %live) convergent {\n\
    entry:\n  %tok = call token @llvm.experimental.convergence.entry()\n\
    BEFORE  call void @llvm.amdgcn.kill(i1 %live)\n\
    AFTER  call void @use(i32 %s, i32 0)\n  ret void\n}\n\
    declare void @llvm.amdgcn.kill(i1)\n\
    declare void @llvm.trap()\n";

const SUM: &str = "  %s = call i32 @pure.convergent.operation(i32 %x) [ \"convergencectrl\"(token %tok) ]\n";

#[test]
fn sinking_a_convergent_operation_past_a_kill_is_rejected() {
    // No branch is crossed, but the killed threads no longer take part.
    let before = KILL.replace("BEFORE", SUM).replace("AFTER", "");
    let after = KILL.replace("BEFORE", "").replace("AFTER", SUM);
    let c = rejected(&before, &after);
    assert!(c.to_string().contains("communicates with different threads"), "{c}");
    // Moving it above the kill again is the inverse, equally wrong.
    rejected(&after, &before);
    accepted(&before, &before);
}

#[test]
fn a_thread_that_stops_is_not_one_that_returns() {
    let killed = KILL.replace("BEFORE", "").replace("AFTER", "").replace("  call void @use(i32 %s, i32 0)\n", "");
    let returns = killed.replace("  call void @llvm.amdgcn.kill(i1 %live)\n", "");
    let c = rejected(&killed, &returns);
    assert!(c.to_string().contains("the thread ends differently"), "{c}");
    assert!(c.to_string().contains("killed"), "{c}");
    let trapped = returns.replace("  ret void", "  call void @llvm.trap()\n  ret void");
    let c = rejected(&returns, &trapped);
    assert!(c.to_string().contains("trapped"), "{c}");
}
