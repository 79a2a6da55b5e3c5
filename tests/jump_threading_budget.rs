//! Jump threading brings its legality oracle up to date after edits, and
//! each refresh walks the whole function, so the refreshes of one function
//! are bounded (4M instructions walked in all, at least 8). Past the bound,
//! a block holding a call is not copied: refusing is always legal, while
//! answering from the analyses of an earlier CFG is not.
//!
//! The kernel: a long straight-line prologue (so that the bound is about a
//! hundred refreshes), then many diamonds on a uniform flag, each joining
//! into a block with a controlled reduction whose branch a phi of constants
//! decides. Every threading of such a block copies the reduction and needs
//! a fresh oracle.

use opt_conv_tests::{long_prologue_kernel, opt_conv};

const DIAMONDS: usize = 120;
const PROLOGUE: usize = 38_000;

fn kernel() -> String {
    let (mut s, _) = long_prologue_kernel(
        "declare i32 @reduce(i32) convergent nounwind willreturn memory(none)\n\
         declare void @use(i32)\n",
        PROLOGUE,
    );
    for k in 0..DIAMONDS {
        let next = k + 1;
        s.push_str(&format!(
            "b{k}:\n  br i1 %u, label %a{k}, label %c{k}\n\
             a{k}:\n  br label %j{k}\n\
             c{k}:\n  br label %j{k}\n\
             j{k}:\n  %p{k} = phi i1 [ true, %a{k} ], [ false, %c{k} ]\n\
             \x20 %r{k} = call i32 @reduce(i32 {k}) [ \"convergencectrl\"(token %e) ]\n\
             \x20 br i1 %p{k}, label %x{k}, label %b{next}\n\
             x{k}:\n  call void @use(i32 %r{k})\n  br label %b{next}\n"
        ));
    }
    s.push_str(&format!("b{DIAMONDS}:\n  ret void\n}}\n"));
    s
}

#[test]
fn refreshes_are_bounded_and_then_calls_are_not_copied() {
    let text = kernel();
    let out = opt_conv(
        &["-S", "-verify-each", "-passes=jump-threading", "-pass-remarks=.*", "-pass-remarks-missed=.*", "-"],
        &text,
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let threaded = out.stderr.lines().filter(|l| l.contains("jump-threading: threaded")).count();
    let bounded: Vec<&str> = out.stderr.lines().filter(|l| l.contains("was brought up to date")).collect();
    // Uniform flags: the oracle allows copying the reductions, until the bound.
    assert!(threaded > 0, "nothing threaded:\n{}", out.stderr);
    assert!(!bounded.is_empty(), "the bound was never reached ({threaded} threaded)");
    // Each refusal names the count reached, the same for all: the bound.
    let counts: std::collections::BTreeSet<&str> =
        bounded.iter().filter_map(|l| l.split("up to date ").nth(1)?.split(' ').next()).collect();
    assert_eq!(counts.len(), 1, "{counts:?}");
    let n: usize = counts.first().expect("one").parse().expect("a count");
    let insts = PROLOGUE + 8 * DIAMONDS;
    assert!(n >= 8 && n * insts <= 4_000_000 + insts, "{n} refreshes of about {insts} instructions each");
    // Reductions below the bound stay where they are: one per diamond, and
    // the copies made before it.
    let reductions = out.stdout.lines().filter(|l| l.contains("call i32 @reduce(")).count();
    assert!(reductions > DIAMONDS && reductions < DIAMONDS + threaded + 1, "{reductions} reductions");
}

/// Folding a branch in a block that may be in a cycle asks about the
/// cycles as they are after the previous fold (rules `irreducible-edge`
/// and `cycle-boundary`), and each question walks the function: the fold
/// questions of one function are bounded too (4M blocks walked), past
/// which such branches stay.
///
/// The kernel: one loop with a convergent operation, and in it a chain of
/// blocks ending in `br i1 true` to the next or to a block of its own that
/// rejoins it, each fold a change to the CFG (and none of them changes the
/// loop: all are allowed).
#[test]
fn fold_questions_are_bounded_and_then_branches_stay() {
    const CHAIN: usize = 1500;
    let mut s = String::from(
        "declare void @op() convergent\n\
         declare void @use(i32)\n\
         define void @k(i32 %n) convergent {\n\
         entry:\n  br label %h\n\
         h:\n  %i = phi i32 [ 0, %entry ], [ %i1, %b1500 ]\n  call void @op()\n  br label %b0\n",
    );
    for k in 0..CHAIN {
        s.push_str(&format!(
            "b{k}:\n  br i1 true, label %b{}, label %d{k}\nd{k}:\n  call void @use(i32 {k})\n  br label %b{}\n",
            k + 1,
            k + 1
        ));
    }
    s.push_str(&format!(
        "b{CHAIN}:\n  %i1 = add i32 %i, 1\n  %c = icmp ult i32 %i1, %n\n  br i1 %c, label %h, label %exit\n\
         exit:\n  ret void\n}}\n"
    ));
    let out = opt_conv(&["-S", "-passes=jump-threading", "-pass-remarks-missed=.*", "-"], &s);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let bounded = out.stderr.lines().filter(|l| l.contains("the fold questions of this function walked")).count();
    let kept = out.stdout.lines().filter(|l| l.contains("br i1 true")).count();
    assert!(bounded > 0, "the bound was never reached:\n{}", &out.stderr[..out.stderr.len().min(2000)]);
    // Each question walks about 2 x 3,000 blocks: some hundreds are folded.
    assert!(kept > 0 && kept < CHAIN - 300, "{kept} of {CHAIN} branches kept");
}
