//! `--equiv` on transform pairs written from the spec's examples
//! (`cases/equiv/NAME.before.ll` and `NAME.after.ll`; the after file says
//! `; expect: equivalent` or `; expect: not equivalent`, and `; func:` when
//! the function is not `@f`).

use opt_conv_simt::equiv::{CexKind, Counterexample};
use opt_conv_simt::{EquivConfig, check_equivalence};
use std::path::{Path, PathBuf};
use std::process::Command;

fn module(path: &Path) -> opt_conv_ir::Module {
    let src = std::fs::read_to_string(path).unwrap();
    opt_conv_ir::parse_module(&path.display().to_string(), &src).unwrap().0
}

fn pairs() -> Vec<(String, PathBuf, PathBuf, bool, String)> {
    pairs_in("cases/equiv")
}

fn pairs_in(sub: &str) -> Vec<(String, PathBuf, PathBuf, bool, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(sub);
    let mut out = Vec::new();
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    names.sort();
    for after in names {
        let Some(name) = after.file_name().and_then(|n| n.to_str()).and_then(|n| n.strip_suffix(".after.ll")) else {
            continue;
        };
        let src = std::fs::read_to_string(&after).unwrap();
        let expect = src.lines().find_map(|l| l.strip_prefix("; expect: ")).expect("an expect line");
        let func = src.lines().find_map(|l| l.strip_prefix("; func: ")).unwrap_or("f").to_owned();
        let before = dir.join(format!("{name}.before.ll"));
        out.push((name.to_owned(), before, after.clone(), expect == "equivalent", func));
    }
    out
}

#[test]
fn spec_transforms_come_out_as_the_spec_says() {
    let all = pairs();
    assert_eq!(all.len(), 16);
    for (name, before, after, equivalent, func) in all {
        let r = check_equivalence(&module(&before), &module(&after), &func, &EquivConfig::default());
        match (equivalent, r) {
            (true, Ok(())) => {}
            (false, Err(c)) => assert_eq!(c.kind, CexKind::Differs, "{name}: {c}"),
            (true, Err(c)) => panic!("{name}: expected equivalent, got\n{c}"),
            (false, Ok(())) => panic!("{name}: expected a counterexample"),
        }
    }
}

#[test]
fn every_case_is_equivalent_to_itself() {
    // The guided run must reproduce the unguided one exactly; the same
    // module on both sides exercises that for every case, anchors included.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cases");
    for (name, before, after, _, func) in pairs() {
        for p in [&before, &after] {
            let m = module(p);
            let r = check_equivalence(&m, &m, &func, &EquivConfig { trials: 40, ..Default::default() });
            assert!(r.is_ok(), "{name}: {}", r.unwrap_err());
        }
    }
    let reserve = module(&dir.join("run/reserve-space.ll"));
    assert!(check_equivalence(&reserve, &reserve, "append", &EquivConfig::default()).is_ok());
}

#[test]
fn counterexamples_are_small_and_name_the_thread_sets() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cases/equiv");
    let c = check_equivalence(
        &module(&dir.join("heart-unroll-remainder.before.ll")),
        &module(&dir.join("heart-unroll-remainder.after.ll")),
        "f",
        &EquivConfig::default(),
    )
    .unwrap_err();
    // Two threads whose trip counts differ and reach a third iteration.
    assert_eq!(c.threads, 2, "{c}");
    assert_eq!(c.before_set.map(u64::count_ones), Some(2), "{c}");
    assert_eq!(c.after_set.map(u64::count_ones), Some(1), "{c}");
    let c = check_equivalence(
        &module(&dir.join("reduction-hoist.before.ll")),
        &module(&dir.join("reduction-hoist.after.ll")),
        "f",
        &EquivConfig::default(),
    )
    .unwrap_err();
    assert_eq!(c.threads, 2, "{c}");
    assert_eq!((c.before_set.unwrap().count_ones(), c.after_set.unwrap()), (1, 0b11), "{c}");
    assert!(c.to_string().contains("communicates with different threads"), "{c}");
}

#[test]
fn undefined_behaviour_in_before_allows_anything() {
    let before = "define i32 @f(i32 %d) {\nentry:\n  %q = sdiv i32 100, %d\n  ret i32 %q\n}\n";
    let after = "define i32 @f(i32 %d) {\nentry:\n  ret i32 7\n}\n";
    let b = opt_conv_ir::parse_module("b.ll", before).unwrap().0;
    let a = opt_conv_ir::parse_module("a.ll", after).unwrap().0;
    // Whenever some thread has d == 0, before is UB; otherwise results differ.
    let c = check_equivalence(&b, &a, "f", &EquivConfig::default()).unwrap_err();
    assert!(c.to_string().contains("return values differ"), "{c}");
    // After divides by zero where before did not.
    let ub = "define i32 @f(i32 %d) {\nentry:\n  %z = and i32 %d, 0\n  %q = sdiv i32 7, %z\n  ret i32 %q\n}\n";
    let u = opt_conv_ir::parse_module("u.ll", ub).unwrap().0;
    let c = check_equivalence(&a, &u, "f", &EquivConfig::default()).unwrap_err();
    assert_eq!(c.threads, 1, "{c}");
    assert!(c.to_string().contains("after fails where before does not"), "{c}");
}

#[test]
fn before_that_cannot_run_gives_no_verdict_when_after_runs_out_of_fuel() {
    // Before uses an intrinsic the executor does not model; after loops
    // forever. Neither side's behaviour is known: no counterexample.
    let before = "declare float @llvm.sin.f32(float)\ndefine float @f(float %x) {\nentry:\n  \
                  %s = call float @llvm.sin.f32(float %x)\n  ret float %s\n}\n";
    let after = "define float @f(float %x) {\nentry:\n  br label %l\nl:\n  br label %l\n}\n";
    let b = opt_conv_ir::parse_module("b.ll", before).unwrap().0;
    let a = opt_conv_ir::parse_module("a.ll", after).unwrap().0;
    let c = check_equivalence(&b, &a, "f", &EquivConfig { trials: 4, ..Default::default() }).unwrap_err();
    assert_eq!(c.kind, CexKind::Unrunnable, "{c}");
    assert!(c.to_string().contains("cannot run before"), "{c}");
}

#[test]
fn cli_reports_verdicts_with_exit_codes() {
    let run = |name: &str| {
        Command::new(env!("CARGO_BIN_EXE_simt-run"))
            .args([
                "--equiv",
                &format!("cases/equiv/{name}.before.ll"),
                &format!("cases/equiv/{name}.after.ll"),
                "--func",
                "f",
                "--trials",
                "50",
            ])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap()
    };
    let ok = run("jump-threading");
    assert_eq!(ok.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&ok.stdout), "equivalent: @f (50 trials)\n");
    let bad = run("anchor-sink-only-b");
    assert_eq!(bad.status.code(), Some(1));
    insta::assert_snapshot!(String::from_utf8_lossy(&bad.stderr));
}

#[test]
fn anchors_moved_within_a_loop_body_pair_by_iteration_both_ways() {
    // Sinking the anchor into a conditional part of the body drops its
    // instances in some iterations; hoisting it back adds them. Pairing the
    // k-th instances of each thread would mismatch iterations either way.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cases/equiv");
    let sunk = module(&dir.join("anchor-sink-in-loop.after.ll"));
    let body = module(&dir.join("anchor-sink-in-loop.before.ll"));
    let config = EquivConfig { trials: 60, ..Default::default() };
    assert!(check_equivalence(&body, &sunk, "f", &config).is_ok());
    let hoisted = check_equivalence(&sunk, &body, "f", &config);
    assert!(hoisted.is_ok(), "{}", hoisted.unwrap_err());
}

fn parse(name: &str, src: &str) -> opt_conv_ir::Module {
    opt_conv_ir::parse_module(name, src).unwrap().0
}

/// An anchor whose token nothing uses takes no pair on either side: after a
/// transform deletes it, the used anchor with the same name stem (here the
/// inliner's `.i` suffix stripped) still pairs with its counterpart.
#[test]
fn an_unused_anchor_does_not_take_the_pair_of_a_used_one() {
    let before = "declare i32 @gather(i32) convergent\n\
                  declare token @llvm.experimental.convergence.anchor()\n\
                  define void @f(i32 %x) convergent {\n\
                  entry:\n  %tok.i = call token @llvm.experimental.convergence.anchor()\n\
                  \x20 %tok = call token @llvm.experimental.convergence.anchor()\n\
                  \x20 %r = call i32 @gather(i32 %x) [ \"convergencectrl\"(token %tok) ]\n  ret void\n}\n";
    let after = before.replace("  %tok.i = call token @llvm.experimental.convergence.anchor()\n", "");
    for (b, a) in [(before, after.as_str()), (after.as_str(), before)] {
        let r = check_equivalence(&parse("b.ll", b), &parse("a.ll", a), "f", &EquivConfig::default());
        assert!(r.is_ok(), "{}", r.unwrap_err());
    }
    // The used anchor's grouping is still held to: a second gather under it
    // in after alone is an event before does not have.
    let more =
        after.replace("  ret void", "  %s = call i32 @gather(i32 %x) [ \"convergencectrl\"(token %tok) ]\n  ret void");
    let c = check_equivalence(&parse("b.ll", before), &parse("a.ll", &more), "f", &EquivConfig::default());
    assert!(c.is_err());
}

/// Inlining a call made under an anchor: in `before` the threads the
/// anchor's grouping splits call `@g` in different invocations, and `@g`'s
/// own anchors, paired with the inlined copies, converge instances across
/// those invocations. A group there must wait for every member that may
/// still reach it, whichever invocation it is in (the second anchor used
/// first makes a member lag behind).
#[test]
fn inlined_anchors_group_threads_across_the_callees_invocations() {
    let callee = "declare i32 @gather(i32) convergent\n\
                  declare token @llvm.experimental.convergence.anchor()\n\
                  define internal void @g(i32 %x) convergent {\n\
                  entry:\n  %p = call token @llvm.experimental.convergence.anchor()\n\
                  \x20 %q = call token @llvm.experimental.convergence.anchor()\n\
                  \x20 %m = call i32 @gather(i32 %x) [ \"convergencectrl\"(token %q) ]\n\
                  \x20 %n = call i32 @gather(i32 %m) [ \"convergencectrl\"(token %p) ]\n  ret void\n}\n";
    let kernel = |join: &str| {
        format!(
            "define void @f(i32 %x) convergent {{\n\
             entry:\n  %k = call token @llvm.experimental.convergence.anchor()\n\
             \x20 %c = icmp sgt i32 %x, 0\n  br i1 %c, label %pos, label %join\n\
             pos:\n  %s = call i32 @gather(i32 %x) [ \"convergencectrl\"(token %k) ]\n  br label %join\n\
             join:\n{join}  ret void\n}}\n"
        )
    };
    let before = format!("{callee}{}", kernel("  call void @g(i32 %x) [ \"convergencectrl\"(token %k) ]\n"));
    let after = format!(
        "{callee}{}",
        kernel(
            "  %p.i = call token @llvm.experimental.convergence.anchor()\n\
             \x20 %q.i = call token @llvm.experimental.convergence.anchor()\n\
             \x20 %m.i = call i32 @gather(i32 %x) [ \"convergencectrl\"(token %q.i) ]\n\
             \x20 %n.i = call i32 @gather(i32 %m.i) [ \"convergencectrl\"(token %p.i) ]\n"
        )
    );
    let config = EquivConfig { trials: 60, ..EquivConfig::default() };
    let r = check_equivalence(&parse("b.ll", &before), &parse("a.ll", &after), "f", &config);
    assert!(r.is_ok(), "{}", r.unwrap_err());
}

/// Two functions with irreducible cycles: folding the never-taken back edge
/// of `@h`'s gives a grouping one of `@h`'s headers gives, while `after`
/// runs `@k` under each hierarchy of its own cycle; `before` needs both
/// choices at once to match.
#[test]
fn cycle_hierarchies_are_chosen_for_several_functions_at_once() {
    let before = "declare i64 @ballot() convergent\n\
                  define void @h(i32 %p) {\n\
                  entry:\n\
                    %c = icmp ne i32 %p, 0\n\
                    br i1 %c, label %a, label %b\n\
                  a:\n\
                    %w = call i64 @ballot()\n\
                    br i1 false, label %b, label %out\n\
                  b:\n\
                    br label %a\n\
                  out:\n\
                    ret void\n\
                  }\n\
                  define void @k(i32 %x) {\n\
                  entry:\n\
                    call void @h(i32 %x)\n\
                    %c = icmp sgt i32 %x, 0\n\
                    br i1 %c, label %p, label %q\n\
                  p:\n\
                    %i = phi i32 [ 0, %entry ], [ %j, %q ]\n\
                    %i1 = add i32 %i, 1\n\
                    %more = icmp ult i32 %i1, 3\n\
                    br i1 %more, label %q, label %done\n\
                  q:\n\
                    %j = phi i32 [ 0, %entry ], [ %i1, %p ]\n\
                    %v = call i64 @ballot()\n\
                    br label %p\n\
                  done:\n\
                    ret void\n\
                  }\n";
    let after = before.replace("br i1 false, label %b, label %out", "br label %out");
    assert_ne!(before, after);
    let r = check_equivalence(&parse("b.ll", before), &parse("a.ll", &after), "k", &EquivConfig::default());
    assert!(r.is_ok(), "{}", r.unwrap_err());
    // The other way the split of the ballot in `@h` is no grouping the
    // acyclic version allows.
    let c = check_equivalence(&parse("a.ll", &after), &parse("b.ll", before), "k", &EquivConfig::default());
    assert!(c.is_err());
}

#[test]
fn declarations_added_by_a_transform_do_not_move_addresses_or_types() {
    // As after `infer-convergence-tokens`: new declarations come first, and
    // the after module meets `double` before `i32`. Neither is observable.
    let before = "@g = global i32 0\n\
                  declare void @sink(ptr) convergent\n\
                  define void @f(i32 %x, ptr addrspace(1) %out) convergent {\n\
                  entry:\n  store i32 %x, ptr @g\n  call void @sink(ptr @g)\n  store i32 %x, ptr addrspace(1) %out\n  ret void\n}\n";
    let after = "@d = internal global double 0.0\n\
                 declare token @llvm.experimental.convergence.entry()\n\
                 declare void @unused(ptr addrspace(5))\n\
                 @g = global i32 0\n\
                 declare void @sink(ptr) convergent\n\
                 define void @f(i32 %x, ptr addrspace(1) %out) convergent {\n\
                 entry:\n  %t = call token @llvm.experimental.convergence.entry()\n\
                 \x20 store i32 %x, ptr @g\n  call void @sink(ptr @g) [ \"convergencectrl\"(token %t) ]\n\
                 \x20 store i32 %x, ptr addrspace(1) %out\n  ret void\n}\n";
    let r = check_equivalence(&parse("b.ll", before), &parse("a.ll", after), "f", &EquivConfig::default());
    assert!(r.is_ok(), "{}", r.unwrap_err());
    // The layout keeps real differences: the after side passes another global.
    let other = after.replace("call void @sink(ptr @g)", "call void @sink(ptr @d)");
    let c = check_equivalence(&parse("b.ll", before), &parse("a.ll", &other), "f", &EquivConfig::default());
    assert!(c.unwrap_err().to_string().contains("event 0 differs"));
}

#[test]
fn llvms_own_lists_are_not_program_memory() {
    // globaldce drops an empty constructor from @llvm.global_ctors; a
    // change to another global's contents is still a difference.
    let m = |ctors: &str, g: &str| {
        format!(
            "@llvm.global_ctors = appending global {ctors}\n@g = global i32 {g}\n\
             define void @c() {{\n  ret void\n}}\ndefine void @f() {{\n  ret void\n}}\n"
        )
    };
    let one = "[1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 1, ptr @c, ptr null }]";
    let none = "[0 x { i32, ptr, ptr }] zeroinitializer";
    assert_eq!(verdict(&m(one, "0"), &m(none, "0")), "ok");
    assert!(verdict(&m(one, "0"), &m(one, "1")).contains("final memory of @g differs"));
}

#[test]
fn a_musttail_call_forwards_the_variable_arguments() {
    // `@f` calls a function that forwards its variable arguments to `@sink`:
    // inlined, the call must pass them on; without them `@sink` sees less.
    let fwd = "declare void @sink(i32, ...)\n\
               define internal void @fwd(i32 %x, ...) {\n  musttail call void (i32, ...) @sink(i32 %x, ...)\n  \
               ret void\n}\n";
    let f = |call: &str| format!("{fwd}define void @f(i32 %a) {{\n  {call}\n  ret void\n}}\n");
    let before = f("call void (i32, ...) @fwd(i32 %a, i32 7, i64 9)");
    assert_eq!(verdict(&before, &f("call void (i32, ...) @sink(i32 %a, i32 7, i64 9)")), "ok");
    let dropped = verdict(&before, &f("call void (i32, ...) @sink(i32 %a)"));
    assert!(dropped.contains("event 0 differs"), "{dropped}");
}

/// The verdict on function `@f` of two modules, as text: "ok", or the
/// counterexample.
fn verdict(before: &str, after: &str) -> String {
    match check_equivalence(&parse("b.ll", before), &parse("a.ll", after), "f", &EquivConfig::default()) {
        Ok(_) => "ok".to_string(),
        Err(c) => c.to_string(),
    }
}

#[test]
fn a_call_that_only_reads_may_be_dropped_but_not_moved_past_a_store_it_reads() {
    let decl = "@g = global i32 0\ndeclare i32 @peek(ptr) willreturn nounwind memory(read)\n";
    let f = |insts: &str, ret: &str| format!("{decl}define i32 @f(i32 %x) {{\nentry:\n{insts}  ret i32 {ret}\n}}\n");
    // Reads @g, then @g changes: moved after the store, it reads the new contents.
    let read_first = f("  %v = call i32 @peek(ptr @g)\n  store i32 %x, ptr @g\n", "%v");
    let store_first = f("  store i32 %x, ptr @g\n  %v = call i32 @peek(ptr @g)\n", "%v");
    let c = verdict(&read_first, &store_first);
    assert!(c.contains("return values differ"), "{c}");
    // An unused read is not an event: dropping it is unobservable.
    let unused = f("  %v = call i32 @peek(ptr @g)\n", "%x");
    let dropped = f("", "%x");
    assert_eq!(verdict(&unused, &dropped), "ok");
    // Without willreturn it might not return: dropping it is observable.
    let may_hang = |s: &str| s.replace("willreturn nounwind ", "nounwind ");
    assert_ne!(verdict(&may_hang(&unused), &may_hang(&dropped)), "ok");
}

#[test]
fn a_stack_bracket_gives_its_allocas_back_and_its_position_is_not_null() {
    let decl = "declare ptr @llvm.stacksave.p0()\ndeclare void @llvm.stackrestore.p0(ptr)\n";
    let f = |body: &str| format!("{decl}define i32 @f(i32 %x) {{\nentry:\n{body}}}\n");
    // As inlining brackets a callee's dynamic alloca: the restore after
    // the last access is unobservable.
    let plain = f("  %a = alloca i32\n  store i32 %x, ptr %a\n  %v = load i32, ptr %a\n  ret i32 %v\n");
    let bracketed = f("  %s = call ptr @llvm.stacksave.p0()\n  %a = alloca i32, i32 1\n  store i32 %x, ptr %a\n  \
         %v = load i32, ptr %a\n  call void @llvm.stackrestore.p0(ptr %s)\n  ret i32 %v\n");
    assert_eq!(verdict(&plain, &bracketed), "ok");
    // A restore before the last access gives the alloca back too early.
    let early = f("  %s = call ptr @llvm.stacksave.p0()\n  %a = alloca i32, i32 1\n  store i32 %x, ptr %a\n  \
         call void @llvm.stackrestore.p0(ptr %s)\n  %v = load i32, ptr %a\n  ret i32 %v\n");
    let c = verdict(&plain, &early);
    assert!(c.contains("after fails where before does not"), "{c}");
    // Only a saved position may be restored.
    let wrong = bracketed.replace("stackrestore.p0(ptr %s)", "stackrestore.p0(ptr %a)");
    let c = verdict(&plain, &wrong);
    assert!(c.contains("after fails where before does not"), "{c}");
    // A saved position is not null.
    let is_null = f("  %s = call ptr @llvm.stacksave.p0()\n  %n = icmp eq ptr %s, null\n  \
         %z = zext i1 %n to i32\n  call void @llvm.stackrestore.p0(ptr %s)\n  ret i32 %z\n");
    assert_eq!(verdict(&f("  ret i32 0\n"), &is_null), "ok");
    let c = verdict(&f("  ret i32 1\n"), &is_null);
    assert!(c.contains("return values differ"), "{c}");
}

const RFL_DECLS: &str = "target triple = \"amdgcn-amd-amdhsa\"\n\
    declare i32 @llvm.amdgcn.workitem.id.x()\n\
    declare i32 @llvm.amdgcn.readfirstlane.i32(i32)\n\
    declare void @record(i32)\n\
    declare token @llvm.experimental.convergence.anchor()\n";

/// One step of a loop: an anchor, the first thread of its group read by
/// `readfirstlane`, and a switch on it; `other` is where a first thread
/// other than 0, 1 or 2 goes (`unreachable`, or on to `next`).
fn rfl_step(sfx: &str, next: &str, other: &str) -> String {
    let other = other.replace("NEXT", next);
    format!(
        "h{sfx}:\n  %an{sfx} = call token @llvm.experimental.convergence.anchor()\n\
         \x20 %cv{sfx} = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %tid) [ \"convergencectrl\"(token %an{sfx}) ]\n\
         \x20 switch i32 %cv{sfx}, label %unr{sfx} [ i32 0, label %a{sfx}\n    i32 1, label %a{sfx}\n    \
         i32 2, label %a{sfx} ]\n\
         unr{sfx}:\n{other}\
         a{sfx}:\n  call void @record(i32 %cv{sfx})\n  br label %{next}\n"
    )
}

/// A loop of three `rfl_step`s, rolled or fully unrolled (the copies'
/// anchors named `%an`, `%an.1`, `%an.2`, as unrolling names them).
fn rfl_loop(unrolled: bool, other: &[&str; 3]) -> String {
    let mut s = format!(
        "{RFL_DECLS}define amdgpu_kernel void @f(i32 %n) convergent {{\n\
         entry:\n  %tid = call i32 @llvm.amdgcn.workitem.id.x()\n  br label %h\n"
    );
    if unrolled {
        s += &rfl_step("", "h.1", other[0]);
        s += &rfl_step(".1", "h.2", other[1]);
        s += &rfl_step(".2", "exit", other[2]);
    } else {
        s = s.replace("br label %h\n", "br label %pre\npre:\n  br label %h\n");
        s += &rfl_step("", "latch", other[0]).replace("h:\n", "h:\n  %i = phi i32 [ 0, %pre ], [ %i.next, %latch ]\n");
        s += "latch:\n  %i.next = add i32 %i, 1\n  %more = icmp ult i32 %i.next, 3\n  \
              br i1 %more, label %h, label %exit\n";
    }
    s + "exit:\n  ret void\n}\n"
}

const UB: &str = "  unreachable\n";
const ON: &str = "  call void @record(i32 99)\n  br label %NEXT\n";

#[test]
fn undefined_behaviour_under_some_anchor_grouping_of_before_allows_it_in_after() {
    // A group whose first thread is 3 or more reaches `unreachable`, in
    // both programs: `before` has undefined behaviour under the groupings
    // that give `after` its own, even though its anchors are not `after`'s
    // (one anchor in a loop, three unrolled copies).
    let rolled = rfl_loop(false, &[UB, UB, UB]);
    let unrolled = rfl_loop(true, &[UB, UB, UB]);
    assert_eq!(verdict(&rolled, &unrolled), "ok");
    assert_eq!(verdict(&unrolled, &rolled), "ok");
    // Acyclic: after is defined where before is not, under a grouping
    // before allows (the thread sets `after` ran with).
    let step = |other: &str| {
        format!(
            "{RFL_DECLS}define amdgpu_kernel void @f(i32 %n) convergent {{\n\
             entry:\n  %tid = call i32 @llvm.amdgcn.workitem.id.x()\n  br label %h\n{}exit:\n  ret void\n}}\n",
            rfl_step("", "exit", other)
        )
    };
    assert_eq!(verdict(&step(UB), &step(ON)), "ok");
    let c = verdict(&step(ON), &step(UB));
    assert!(c.contains("after fails where before does not"), "{c}");
}

#[test]
fn undefined_behaviour_added_under_an_anchor_grouping_is_reported() {
    // Before is defined under every grouping; after unrolls and makes one
    // copy's unexpected first thread undefined.
    let before = rfl_loop(false, &[ON, ON, ON]);
    for other in [[UB, ON, ON], [ON, ON, UB]] {
        let c = verdict(&before, &rfl_loop(true, &other));
        assert!(c.contains("after fails where before does not"), "{c}");
        assert!(c.contains("reached unreachable"), "{c}");
    }
    assert_eq!(verdict(&before, &rfl_loop(true, &[ON, ON, ON])), "ok");
}

/// `@f` with a divergent branch into an irreducible cycle whose back edge
/// (from `%o`, holding an uncontrolled reduction) is never taken; `entries`
/// says where the branch goes (`%o` itself, or two other entries).
fn irreducible(entries: &str, back: &str) -> String {
    format!(
        "target triple = \"amdgcn-amd-amdhsa\"\n\
         declare i32 @subgroup_add(i32) convergent\n\
         declare i32 @llvm.amdgcn.workitem.id.x()\n\
         declare void @record(i32)\n\
         define amdgpu_kernel void @f(i32 %n) convergent {{\n\
         entry:\n  %tid = call i32 @llvm.amdgcn.workitem.id.x()\n  %c = icmp ult i32 %tid, 1\n{entries}\
         o:\n  %r = call i32 @subgroup_add(i32 %tid)\n{back}\
         exit:\n  call void @record(i32 %r)\n  ret void\n}}\n"
    )
}

const INTO_O: &str = "  br i1 %c, label %o, label %x\nx:\n  br label %o\n";
const INTO_O_SWAPPED: &str = "  %nc = xor i1 %c, true\n  br i1 %nc, label %x, label %o\n";
const O_BACK_TO_X: &str = "  br i1 false, label %y, label %exit\ny:\n  br label %x\n";
const INTO_E: &str = "  br i1 %c, label %e1, label %e2\ne1:\n  br label %o\ne2:\n  br label %o\n";
const O_BACK_TO_E: &str =
    "  br i1 false, label %y, label %exit\ny:\n  %d = icmp ult i32 %n, 5\n  br i1 %d, label %e1, label %e2\n";
const O_ON: &str = "  br label %exit\n";

#[test]
fn folding_a_never_taken_back_edge_keeps_a_grouping_some_cycle_hierarchy_allows() {
    // The cycle {%o, %y, %x} has entries %o and %x. With %o as its header
    // both threads reach %o in its first execution, together; with %x they
    // do not. Folding the back edge away groups them as the first does.
    let cyclic = irreducible(INTO_O, O_BACK_TO_X);
    let folded = irreducible(INTO_O, O_ON);
    assert_eq!(verdict(&cyclic, &folded), "ok");
    // Making the cycle lets a compiler choose %x: the threads would split,
    // whichever header the IR's own search picks.
    let c = verdict(&folded, &cyclic);
    assert!(c.contains("communicates with different threads"), "{c}");
    let swapped = |s: &str| s.replace("  br i1 %c, label %o, label %x\n", INTO_O_SWAPPED);
    let c = verdict(&swapped(&folded), &swapped(&cyclic));
    assert!(c.contains("communicates with different threads"), "{c}");
    assert_eq!(verdict(&swapped(&cyclic), &swapped(&folded)), "ok");
}

#[test]
fn folding_a_never_taken_back_edge_is_rejected_when_no_hierarchy_groups_the_threads() {
    // Entries %e1 and %e2; %o is reached from each without the other, so
    // under either header one thread has executed it once and the other
    // not at all: never together. Without the cycle they are.
    let cyclic = irreducible(INTO_E, O_BACK_TO_E);
    let folded = irreducible(INTO_E, O_ON);
    let c = verdict(&cyclic, &folded);
    assert!(c.contains("communicates with different threads"), "{c}");
    assert_eq!(verdict(&cyclic, &cyclic), "ok");
}

#[test]
fn branches_that_decide_no_header_do_not_hide_the_one_that_does() {
    // Making the cycle {%o, %y, %x} with %o and %x as entries lets a
    // compiler pick %x as header and split the threads at %o (the IR's own
    // search picks %o: the swapped branch). Ahead of it, branches that
    // decide nothing: every hierarchy of the cycle must still be tried.
    let ahead = |into: &str| {
        let mut s = String::from("  %d = icmp ult i32 %n, 7\n  br label %d0\n");
        for i in 0..9 {
            s += &format!(
                "d{i}:\n  br i1 %d, label %l{i}, label %r{i}\nl{i}:\n  br label %d{j}\nr{i}:\n  br label %d{j}\n",
                j = i + 1
            );
        }
        s + "d9:\n" + into
    };
    let swapped = "  %nc = xor i1 %c, true\n  br i1 %nc, label %x, label %o\nx:\n  br label %o\n";
    let folded = irreducible(&ahead(swapped), O_ON);
    let cyclic = irreducible(&ahead(swapped), O_BACK_TO_X);
    let c = verdict(&folded, &cyclic);
    assert!(c.contains("communicates with different threads"), "{c}");
    assert_eq!(verdict(&cyclic, &folded), "ok");
}

#[test]
fn irreducible_cycles_without_calls_do_not_use_up_the_hierarchies_tried() {
    // As above, but ahead of it irreducible cycles holding no call: each
    // has two headers, which group no thread differently, and only so many
    // hierarchies are tried.
    let ahead = |into: &str| {
        let mut s = String::from("  %d = icmp ult i32 %n, 7\n  %never = icmp eq i32 %tid, 1000\n  br label %d0\n");
        for i in 0..9 {
            s += &format!(
                "d{i}:\n  br i1 %d, label %p{i}, label %q{i}\np{i}:\n  br label %q{i}\n\
                 q{i}:\n  br i1 %never, label %p{i}, label %d{j}\n",
                j = i + 1
            );
        }
        s + "d9:\n" + into
    };
    let swapped = "  %nc = xor i1 %c, true\n  br i1 %nc, label %x, label %o\nx:\n  br label %o\n";
    let folded = irreducible(&ahead(swapped), O_ON);
    let cyclic = irreducible(&ahead(swapped), O_BACK_TO_X);
    let c = verdict(&folded, &cyclic);
    assert!(c.contains("communicates with different threads"), "{c}");
    assert_eq!(verdict(&cyclic, &folded), "ok");
}

/// Judges the `count` pairs of `dir` (see [`pairs_in`]): each as its name
/// says, a counterexample being a difference that `check` accepts, and
/// every file against itself.
fn judge_pairs(dir: &str, count: usize, config: &EquivConfig, check: impl Fn(&str, &Counterexample)) {
    let all = pairs_in(dir);
    assert_eq!(all.len(), count);
    for (name, before, after, equivalent, func) in all {
        match (equivalent, check_equivalence(&module(&before), &module(&after), &func, config)) {
            (true, Ok(())) => {}
            (false, Err(c)) => {
                assert_eq!(c.kind, CexKind::Differs, "{name}: {c}");
                check(&name, &c);
            }
            (true, Err(c)) => panic!("{name}: expected equivalent, got\n{c}"),
            (false, Ok(())) => panic!("{name}: expected a counterexample"),
        }
        for p in [&before, &after] {
            let m = module(p);
            let r = check_equivalence(&m, &m, &func, config);
            assert!(r.is_ok(), "{name}: not equivalent to itself: {}", r.unwrap_err());
        }
    }
}

/// Loops no thread leaves (`cases/equiv-fuel`): the runs end when the fuel
/// does, at other points on each side, and the events both completed by
/// then are compared. (Little fuel: each iteration is a group to form.)
#[test]
fn loops_no_thread_leaves_are_judged_on_what_both_sides_did() {
    let config = EquivConfig {
        trials: 25,
        run: opt_conv_simt::RunConfig { fuel: 3000, ..Default::default() },
        ..Default::default()
    };
    judge_pairs("cases/equiv-fuel", 2, &config, |name, c| assert!(c.what.contains("fuel"), "{name}: {c}"));
}

/// Threads that never return (`cases/equiv-stuck`): a stuck thread does not
/// hold the others back; they run to their end without it (it never
/// arrives, so it is in none of their instances), and everything they did
/// is compared, as is what the stuck thread did before it got stuck. A
/// group that formed while a stuck thread was still on its way to it (a
/// long loop that ends) is not held against `after`, nor are the region
/// numbers of allocas, which depend on how many the stuck thread made. A
/// thread in a loop that could exit but whose state repeats is not on its
/// way anywhere: groups that form without it are not tentative.
#[test]
fn threads_that_never_return_do_not_hide_what_the_others_do() {
    // Little fuel: the stuck threads use all of theirs in every run.
    let config = EquivConfig {
        trials: 30,
        run: opt_conv_simt::RunConfig { fuel: 3000, ..Default::default() },
        ..Default::default()
    };
    judge_pairs("cases/equiv-stuck", 7, &config, |name, c| {
        assert!(c.what.contains("stuck (out of fuel)"), "{name}: {c}");
        assert_ne!(c.before_set, c.after_set, "{name}: {c}");
    });
}

/// HLSL kernels in the form clang emits them (`cases/equiv-hlsl`), for
/// Vulkan SPIR-V and DirectX: a handle names the buffer of its binding
/// wherever it is created, buffers start with contents of their own and
/// are compared at the end, also when only one side asks for them, and the
/// wave operations communicate among the threads that execute them
/// together.
#[test]
fn hlsl_resources_are_buffers_by_binding_and_wave_operations_communicate() {
    let config = EquivConfig { trials: 40, ..Default::default() };
    judge_pairs("cases/equiv-hlsl", 8, &config, |name, c| {
        let what = match name {
            "wave-sum-sunk" => "communicates with different threads",
            "wrong-binding" => "final memory of resource(space 0, binding 0, index 0) differs",
            "extra-binding" => "final memory of resource(space 1, binding 0, index 0) differs",
            "store-dropped" => "final memory of resource(space 0, binding 0, index 0) differs",
            _ => "final memory of resource(",
        };
        assert!(c.to_string().contains(what), "{name}: {c}");
    });
}

/// A transform that duplicates a freeze lets the copies disagree; one that
/// folds `freeze undef` to a constant picks one of its values.
#[test]
fn freezes_resolve_by_strategy_and_after_must_refine_before() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cases/equiv");
    let c = check_equivalence(
        &module(&dir.join("freeze-duplicated.before.ll")),
        &module(&dir.join("freeze-duplicated.after.ll")),
        "f",
        &EquivConfig::default(),
    )
    .unwrap_err();
    assert_eq!(c.kind, CexKind::Differs, "{c}");
    assert!(c.freeze.as_deref().is_some_and(|f| f.contains("random")), "{c}");
    let folded = |constant: &str| {
        let before = parse(
            "b.ll",
            "declare void @use(i32)\ndefine void @f() {\n  %u = freeze i32 undef\n  call void @use(i32 %u)\n  ret void\n}\n",
        );
        let after = parse(
            "a.ll",
            &format!("declare void @use(i32)\ndefine void @f() {{\n  call void @use(i32 {constant})\n  ret void\n}}\n"),
        );
        check_equivalence(&before, &after, "f", &EquivConfig { trials: 10, ..Default::default() }).is_ok()
    };
    assert!(folded("0"));
    assert!(folded("-1"));
}
