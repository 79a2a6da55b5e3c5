//! simplifycfg brings its legality oracle up to date before merging
//! convergent operations, and each refresh walks the whole function, so the
//! refreshes of one function are bounded (2M instructions walked in all).
//! Past the bound, convergent operations are not merged: refusing is always
//! legal, while answering from the analyses of an earlier body is not.
//!
//! The kernel: a long straight-line prologue (so that the bound is a few
//! dozen refreshes), then many diamonds on a uniform flag, each arm ending
//! in a controlled reduction that the oracle lets sink into the join.

use opt_conv_tests::{long_prologue_kernel, opt_conv};

const DIAMONDS: usize = 150;
const PROLOGUE: usize = 40_000;

fn kernel() -> String {
    let (mut s, prev) = long_prologue_kernel(
        "declare i32 @reduce(i32) convergent nounwind willreturn memory(none)\n\
         declare void @left()\n\
         declare void @right()\n\
         declare void @use(i32)\n",
        PROLOGUE,
    );
    for k in 0..DIAMONDS {
        s.push_str(&format!(
            "b{k}:\n  br i1 %u, label %t{k}, label %f{k}\n\
             t{k}:\n  call void @left()\n  %r{k}t = call i32 @reduce(i32 {k}) [ \"convergencectrl\"(token %e) ]\n  br label %j{k}\n\
             f{k}:\n  call void @right()\n  %r{k}f = call i32 @reduce(i32 {prev}) [ \"convergencectrl\"(token %e) ]\n  br label %j{k}\n\
             j{k}:\n  %p{k} = phi i32 [ %r{k}t, %t{k} ], [ %r{k}f, %f{k} ]\n  call void @use(i32 %p{k})\n  br label %b{}\n",
            k + 1
        ));
    }
    s.push_str(&format!("b{DIAMONDS}:\n  ret void\n}}\n"));
    s
}

#[test]
fn refreshes_are_bounded_and_then_convergent_calls_are_not_merged() {
    let out = opt_conv(
        &["-S", "-passes=simplifycfg<sink-common-insts>", "-pass-remarks=.*", "-pass-remarks-missed=.*", "-"],
        &kernel(),
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let sunk = out.stderr.lines().filter(|l| l.contains("simplifycfg: sank %r")).count();
    let bounded: Vec<&str> = out.stderr.lines().filter(|l| l.contains("the legality oracle walked")).collect();
    // A uniform flag: the oracle allows the merges, until the bound.
    assert!(sunk > 0, "nothing sunk:\n{}", &out.stderr[..out.stderr.len().min(3000)]);
    assert!(!bounded.is_empty(), "the bound was never reached ({sunk} sunk)");
    let insts = PROLOGUE + 12 * DIAMONDS;
    assert!(sunk * insts <= 2 * (2_000_000 + insts), "{sunk} merges of about {insts} instructions each");
    // The reductions not merged stay in both arms.
    let reductions = out.stdout.lines().filter(|l| l.contains("call i32 @reduce(")).count();
    assert_eq!(reductions, 2 * DIAMONDS - sunk, "{reductions} reductions after {sunk} merges");
}
