//! Instruction semantics and convergence rules, checked through the library
//! on small functions.

use opt_conv_simt::{Inputs, Program, RunConfig, RunResult, SimtError, Val, run};

fn run_src(src: &str, func: &str, threads: u32, args: Vec<Vec<Val>>) -> Result<RunResult, SimtError> {
    let (m, _) = opt_conv_ir::parse_module("t.ll", src).expect("test IR parses");
    opt_conv_ir::verify_module(&m).expect("test IR verifies");
    let p = Program::new(&m)?;
    run(&p, func, &Inputs { args }, &RunConfig { threads, ..Default::default() })
}

fn i32v(x: i64) -> Val {
    Val::int(32, x as u128)
}

/// `ret <ty> (<op> <ty> %a, %b)` on one thread.
fn binop(op: &str, ty: &str, a: Val, b: Val) -> Result<Val, SimtError> {
    let src = format!("define {ty} @f({ty} %a, {ty} %b) {{\nentry:\n  %r = {op} {ty} %a, %b\n  ret {ty} %r\n}}\n");
    run_src(&src, "f", 1, vec![vec![a, b]]).map(|r| r.threads[0].ret.clone())
}

fn i32op(op: &str, a: i64, b: i64) -> Result<Val, SimtError> {
    binop(op, "i32", i32v(a), i32v(b))
}

#[test]
fn integer_arithmetic_and_poison_flags() {
    assert_eq!(i32op("add", 0x7fff_ffff, 1).unwrap(), i32v(-0x8000_0000));
    assert_eq!(i32op("add nsw", 0x7fff_ffff, 1).unwrap(), Val::Poison);
    assert_eq!(i32op("add nuw", -1, 1).unwrap(), Val::Poison);
    assert_eq!(i32op("add nuw", 5, 1).unwrap(), i32v(6));
    assert_eq!(i32op("sub nuw", 1, 2).unwrap(), Val::Poison);
    assert_eq!(i32op("sub nsw", -2, 3).unwrap(), i32v(-5));
    assert_eq!(i32op("mul nsw", 0x10000, 0x10000).unwrap(), Val::Poison);
    assert_eq!(i32op("mul", 0x10000, 0x10000).unwrap(), i32v(0));
    assert_eq!(i32op("shl", 1, 32).unwrap(), Val::Poison);
    assert_eq!(i32op("shl nuw", -1, 1).unwrap(), Val::Poison);
    assert_eq!(i32op("shl nsw", 0x4000_0000, 1).unwrap(), Val::Poison);
    assert_eq!(i32op("lshr", -8, 1).unwrap(), i32v(0x7fff_fffc));
    assert_eq!(i32op("ashr", -8, 1).unwrap(), i32v(-4));
    assert_eq!(i32op("lshr exact", 3, 1).unwrap(), Val::Poison);
    assert_eq!(i32op("udiv", -1, 2).unwrap(), i32v(0x7fff_ffff));
    assert_eq!(i32op("sdiv", -7, 2).unwrap(), i32v(-3));
    assert_eq!(i32op("srem", -7, 2).unwrap(), i32v(-1));
    assert_eq!(i32op("urem", 7, 4).unwrap(), i32v(3));
    assert_eq!(i32op("sdiv exact", 7, 2).unwrap(), Val::Poison);
    assert_eq!(i32op("or disjoint", 3, 1).unwrap(), Val::Poison);
    assert_eq!(i32op("xor", 6, 3).unwrap(), i32v(5));
    assert!(matches!(i32op("udiv", 1, 0), Err(SimtError::Undefined(m)) if m.contains("udiv by zero")));
    assert!(matches!(i32op("sdiv", -0x8000_0000, -1), Err(SimtError::Undefined(m)) if m.contains("overflow")));
    assert!(matches!(binop("sdiv", "i32", i32v(1), Val::Poison), Err(SimtError::Undefined(_))));
    assert_eq!(binop("add", "i32", Val::Poison, i32v(1)).unwrap(), Val::Poison);
    assert_eq!(binop("add", "i8", Val::int(8, 200), Val::int(8, 100)).unwrap(), Val::int(8, 44));
    assert_eq!(binop("mul", "i64", Val::int(64, 1 << 40), Val::int(64, 1 << 30)).unwrap(), Val::int(64, 1 << 70));
}

#[test]
fn floating_point_in_each_format() {
    let f = |x: f32| Val::Float(opt_conv_simt::value::Float::F32(x.to_bits()));
    let d = |x: f64| Val::Float(opt_conv_simt::value::Float::F64(x.to_bits()));
    assert_eq!(binop("fadd", "float", f(0.1), f(0.2)).unwrap(), f(0.1f32 + 0.2f32));
    assert_eq!(binop("fadd", "double", d(0.1), d(0.2)).unwrap(), d(0.1 + 0.2));
    assert_eq!(binop("fdiv", "float", f(1.0), f(0.0)).unwrap(), f(f32::INFINITY));
    assert_eq!(binop("fdiv nnan", "float", f(0.0), f(0.0)).unwrap(), Val::Poison);
    let h = |x: f32| Val::Float(opt_conv_simt::value::Float::Half(opt_conv_simt::value::f32_to_half(x)));
    assert_eq!(binop("fmul", "half", h(1.5), h(2.0)).unwrap(), h(3.0));
    assert_eq!(binop("fadd", "half", h(2048.0), h(1.0)).unwrap(), h(2048.0), "half rounds to nearest even");
}

fn ret_of(body: &str, ret: &str, params: &str, args: Vec<Val>) -> Result<Val, SimtError> {
    let src = format!("define {ret} @f({params}) {{\nentry:\n{body}\n}}\n");
    run_src(&src, "f", 1, vec![args]).map(|r| r.threads[0].ret.clone())
}

#[test]
fn comparisons() {
    let cmp = |pred: &str, a: i64, b: i64| {
        ret_of(&format!("  %c = icmp {pred} i32 %a, %b\n  ret i1 %c"), "i1", "i32 %a, i32 %b", vec![i32v(a), i32v(b)])
            .unwrap()
    };
    assert_eq!(cmp("slt", -1, 0), Val::bool(true));
    assert_eq!(cmp("ult", -1, 0), Val::bool(false));
    assert_eq!(cmp("sge", 3, 3), Val::bool(true));
    assert_eq!(cmp("ne", 3, 3), Val::bool(false));
    assert_eq!(cmp("samesign ult", -1, 0), Val::Poison);
    let fcmp = |pred: &str| {
        ret_of(
            &format!("  %c = fcmp {pred} float %a, 0x7FF8000000000000\n  ret i1 %c"),
            "i1",
            "float %a",
            vec![Val::Float(opt_conv_simt::value::Float::F32(1.0f32.to_bits()))],
        )
        .unwrap()
    };
    assert_eq!(fcmp("olt"), Val::bool(false));
    assert_eq!(fcmp("ult"), Val::bool(true));
    assert_eq!(fcmp("uno"), Val::bool(true));
    assert_eq!(fcmp("one"), Val::bool(false));
}

#[test]
fn casts() {
    let one = |body: &str, ret: &str, params: &str, a: Val| ret_of(body, ret, params, vec![a]).unwrap();
    assert_eq!(one("  %r = trunc nuw i32 %a to i8\n  ret i8 %r", "i8", "i32 %a", i32v(256)), Val::Poison);
    assert_eq!(one("  %r = trunc i32 %a to i8\n  ret i8 %r", "i8", "i32 %a", i32v(257)), Val::int(8, 1));
    assert_eq!(one("  %r = sext i8 %a to i32\n  ret i32 %r", "i32", "i8 %a", Val::int(8, 0xff)), i32v(-1));
    assert_eq!(one("  %r = zext nneg i8 %a to i32\n  ret i32 %r", "i32", "i8 %a", Val::int(8, 0xff)), Val::Poison);
    let f = |x: f32| Val::Float(opt_conv_simt::value::Float::F32(x.to_bits()));
    assert_eq!(
        one("  %r = fptosi float %a to i8\n  ret i8 %r", "i8", "float %a", f(-3.7)),
        Val::int(8, (-3i8) as u8 as u128)
    );
    assert_eq!(one("  %r = fptosi float %a to i8\n  ret i8 %r", "i8", "float %a", f(300.0)), Val::Poison);
    assert_eq!(one("  %r = sitofp i32 %a to float\n  ret float %r", "float", "i32 %a", i32v(-2)), f(-2.0));
    assert_eq!(one("  %r = bitcast float %a to i32\n  ret i32 %r", "i32", "float %a", f(1.0)), i32v(0x3f80_0000));
    let round_trip = "  %p = alloca i32\n  %i = ptrtoint ptr %p to i64\n  %q = inttoptr i64 %i to ptr\n  \
                      store i32 %a, ptr %q\n  %v = load i32, ptr %p\n  ret i32 %v";
    assert_eq!(one(round_trip, "i32", "i32 %a", i32v(42)), i32v(42));
}

#[test]
fn select_freeze_and_simultaneous_phis() {
    let sel = "  %r = select i1 %c, i32 1, i32 2\n  ret i32 %r";
    assert_eq!(ret_of(sel, "i32", "i1 %c", vec![Val::bool(false)]).unwrap(), i32v(2));
    assert_eq!(ret_of(sel, "i32", "i1 %c", vec![Val::Poison]).unwrap(), Val::Poison);
    assert_eq!(ret_of("  %r = freeze i32 %a\n  ret i32 %r", "i32", "i32 %a", vec![Val::Poison]).unwrap(), i32v(0));
    // (a, b) swapped twice through phis that read each other's old values;
    // reading a new value would give (3, 3) after the first swap.
    let swap = "define i32 @f(i32 %a0, i32 %b0) {\nentry:\n  br label %loop\nloop:\n  \
                %a = phi i32 [ %a0, %entry ], [ %b, %loop ]\n  %b = phi i32 [ %b0, %entry ], [ %a, %loop ]\n  \
                %i = phi i32 [ 0, %entry ], [ %i1, %loop ]\n  %i1 = add i32 %i, 1\n  %c = icmp slt i32 %i1, 3\n  \
                br i1 %c, label %loop, label %exit\nexit:\n  %r = sub i32 %a, %b\n  ret i32 %r\n}\n";
    let r = run_src(swap, "f", 1, vec![vec![i32v(10), i32v(3)]]).unwrap();
    assert_eq!(r.threads[0].ret, i32v(7));
    let switch = "define i32 @f(i32 %x) {\nentry:\n  switch i32 %x, label %d [ i32 1, label %one\n    i32 2, label %two ]\n\
                  one:\n  ret i32 10\ntwo:\n  ret i32 20\nd:\n  ret i32 0\n}\n";
    let r = run_src(switch, "f", 3, vec![vec![i32v(1)], vec![i32v(2)], vec![i32v(9)]]).unwrap();
    let rets: Vec<Val> = r.threads.iter().map(|t| t.ret.clone()).collect();
    assert_eq!(rets, vec![i32v(10), i32v(20), i32v(0)]);
}

#[test]
fn memory_layout_is_byte_accurate_and_little_endian() {
    let src = "@table = global [4 x i32] [i32 1, i32 2, i32 3, i32 4]\n\
               %S = type { i8, i32, i16 }\n\
               define i32 @f(ptr %out) {\nentry:\n  %p = getelementptr [4 x i32], ptr @table, i32 0, i32 2\n  \
               %t = load i32, ptr %p\n  %s = getelementptr %S, ptr %out, i32 1, i32 1\n  \
               store i32 16909060, ptr %s\n  %b = getelementptr i8, ptr %out, i32 16\n  %lo = load i8, ptr %b\n  \
               %lo32 = zext i8 %lo to i32\n  %r = add i32 %t, %lo32\n  ret i32 %r\n}\n";
    let r = run_src(src, "f", 1, vec![vec![Val::Ptr(0)]]).unwrap();
    // %S is 12 bytes (i32 at offset 4), so element 1's i32 is at 16; 0x01020304 stores 04 first.
    assert_eq!(r.threads[0].ret, i32v(3 + 4));
    let out = r.memory.iter().find(|m| m.name == "%out").unwrap();
    assert_eq!(&out.bytes[16..20], &[4, 3, 2, 1]);
    assert_eq!(r.memory.iter().find(|m| m.name == "@table").unwrap().bytes[8], 3);
}

#[test]
fn allocas_are_private_and_start_as_poison() {
    let src = "declare i32 @llvm.amdgcn.workitem.id.x()\n\
               define i32 @f() {\nentry:\n  %p = alloca i32\n  %u = load i32, ptr %p\n  \
               %tid = call i32 @llvm.amdgcn.workitem.id.x()\n  store i32 %tid, ptr %p\n  \
               %v = load i32, ptr %p\n  ret i32 %v\n}\n";
    let r = run_src(src, "f", 4, vec![]).unwrap();
    assert_eq!(r.threads.iter().map(|t| t.ret.clone()).collect::<Vec<_>>(), (0..4).map(i32v).collect::<Vec<_>>());
    let uninit = "define i32 @f() {\nentry:\n  %p = alloca i32\n  %u = load i32, ptr %p\n  ret i32 %u\n}\n";
    assert_eq!(run_src(uninit, "f", 1, vec![]).unwrap().threads[0].ret, Val::Poison);
}

#[test]
fn aggregates_vectors_and_atomics() {
    let agg = "  %s = insertvalue { i32, i8 } poison, i32 %a, 0\n  %t = insertvalue { i32, i8 } %s, i8 7, 1\n  \
               %x = extractvalue { i32, i8 } %t, 0\n  %y = extractvalue { i32, i8 } %t, 1\n  \
               %y32 = zext i8 %y to i32\n  %r = add i32 %x, %y32\n  ret i32 %r";
    assert_eq!(ret_of(agg, "i32", "i32 %a", vec![i32v(5)]).unwrap(), i32v(12));
    let vec = "  %v = insertelement <4 x i32> <i32 1, i32 2, i32 3, i32 4>, i32 %a, i32 1\n  \
               %w = add <4 x i32> %v, <i32 10, i32 10, i32 10, i32 10>\n  %e = extractelement <4 x i32> %w, i32 1\n  \
               ret i32 %e";
    assert_eq!(ret_of(vec, "i32", "i32 %a", vec![i32v(5)]).unwrap(), i32v(15));
    let atomics = "define i32 @f(ptr %c) {\nentry:\n  %old = atomicrmw add ptr %c, i32 1 monotonic\n  \
                   %x = cmpxchg ptr %c, i32 4, i32 100 seq_cst seq_cst\n  %ok = extractvalue { i32, i1 } %x, 1\n  \
                   %r = zext i1 %ok to i32\n  ret i32 %old\n}\n";
    let r = run_src(atomics, "f", 4, vec![vec![Val::Ptr(0)]]).unwrap();
    let olds: Vec<Val> = r.threads.iter().map(|t| t.ret.clone()).collect();
    // Threads run in lane order between synchronization points.
    assert_eq!(olds, vec![i32v(0), i32v(1), i32v(2), i32v(3)]);
    assert_eq!(&r.memory.iter().find(|m| m.name == "%c").unwrap().bytes[..4], &[100, 0, 0, 0]);
}

#[test]
fn calls_events_and_limits() {
    let src = "declare i32 @ext(i32)\n\
               define i32 @sq(i32 %x) {\nentry:\n  %r = mul i32 %x, %x\n  ret i32 %r\n}\n\
               define i32 @f(i32 %a) {\nentry:\n  %s = call i32 @sq(i32 %a)\n  %e = call i32 @ext(i32 %s)\n  \
               %e2 = call i32 @ext(i32 %s)\n  %d = sub i32 %e, %e2\n  ret i32 %d\n}\n";
    let r = run_src(src, "f", 2, vec![vec![i32v(3)], vec![i32v(4)]]).unwrap();
    let ev = &r.threads[1].events;
    assert_eq!(ev.len(), 2);
    assert_eq!((ev[0].callee.as_str(), ev[0].args.clone()), ("ext", vec![i32v(16)]));
    assert_eq!(r.threads[1].ret, i32v(0), "external results are a function of name and arguments");
    assert_ne!(r.threads[0].events[0].result, r.threads[1].events[0].result);
    let rec = "define i32 @f(i32 %a) {\nentry:\n  %r = call i32 @f(i32 %a)\n  ret i32 %r\n}\n";
    assert!(
        matches!(run_src(rec, "f", 1, vec![vec![i32v(1)]]), Err(SimtError::Limit(m)) if m.contains("call depth 64"))
    );
}

const LANES: &str = "declare i32 @llvm.amdgcn.workitem.id.x()\ndeclare i32 @llvm.nvvm.read.ptx.sreg.tid.y()\n\
                     declare i32 @llvm.amdgcn.mbcnt.lo(i32, i32)\ndeclare i32 @llvm.amdgcn.mbcnt.hi(i32, i32)\n";

#[test]
fn lane_queries() {
    let src = format!(
        "{LANES}define i32 @f() {{\nentry:\n  %x = call i32 @llvm.amdgcn.workitem.id.x()\n  \
         %y = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()\n  %lo = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)\n  \
         %m = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %lo)\n  %a = add i32 %x, %y\n  %r = mul i32 %a, %m\n  \
         ret i32 %r\n}}\n"
    );
    let r = run_src(&src, "f", 40, vec![]).unwrap();
    assert_eq!(r.threads[37].ret, i32v(37 * 37));
}

#[test]
fn cross_thread_builtins() {
    let src = format!(
        "{LANES}declare i64 @llvm.amdgcn.ballot.i64(i1) convergent\n\
         declare i32 @llvm.amdgcn.readfirstlane.i32(i32) convergent\n\
         declare i32 @llvm.amdgcn.readlane.i32(i32, i32) convergent\n\
         declare i32 @llvm.amdgcn.wave.reduce.min.i32(i32, i32) convergent\n\
         declare i1 @llvm.nvvm.vote.all.sync(i32, i1) convergent\n\
         define i64 @f(i32 %v) {{\nentry:\n  %x = call i32 @llvm.amdgcn.workitem.id.x()\n  \
         %odd = trunc i32 %x to i1\n  %b = call i64 @llvm.amdgcn.ballot.i64(i1 %odd)\n  \
         %first = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %v)\n  \
         %l2 = call i32 @llvm.amdgcn.readlane.i32(i32 %v, i32 2)\n  \
         %mn = call i32 @llvm.amdgcn.wave.reduce.min.i32(i32 %v, i32 0)\n  \
         %all = call i1 @llvm.nvvm.vote.all.sync(i32 -1, i1 %odd)\n  \
         %s1 = add i32 %first, %l2\n  %s2 = add i32 %s1, %mn\n  %w = zext i32 %s2 to i64\n  \
         %sh = shl i64 %w, 32\n  %r = or i64 %sh, %b\n  ret i64 %r\n}}\n"
    );
    let args = [5, -3, 7, 1].iter().map(|&v| vec![i32v(v)]).collect();
    let r = run_src(&src, "f", 4, args).unwrap();
    // ballot of odd lanes = 0b1010; first = 5, lane 2 = 7, min = -3.
    assert_eq!(r.threads[1].ret, Val::int(64, ((5u128 + 7 - 3) << 32) | 0b1010));
    let vote = &r.threads[0].events[4];
    assert_eq!((vote.result.clone(), vote.group), (Val::bool(false), 0b1111));
}

#[test]
fn nested_hearts_group_by_both_iteration_counts() {
    let src = "declare void @op(i32, i32) convergent\n\
               define void @f(i32 %n, i32 %m) convergent {\nentry:\n  \
               %e = call token @llvm.experimental.convergence.entry()\n  br label %outer\n\
               outer:\n  %i = phi i32 [ 0, %entry ], [ %i1, %olatch ]\n  \
               %ot = call token @llvm.experimental.convergence.loop() [ \"convergencectrl\"(token %e) ]\n  \
               %oc = icmp slt i32 %i, %n\n  br i1 %oc, label %inner, label %exit\n\
               inner:\n  %j = phi i32 [ 0, %outer ], [ %j1, %inner ]\n  \
               %it = call token @llvm.experimental.convergence.loop() [ \"convergencectrl\"(token %ot) ]\n  \
               call void @op(i32 %i, i32 %j) [ \"convergencectrl\"(token %it) ]\n  %j1 = add i32 %j, 1\n  \
               %ic = icmp slt i32 %j1, %m\n  br i1 %ic, label %inner, label %olatch\n\
               olatch:\n  %i1 = add i32 %i, 1\n  br label %outer\nexit:\n  ret void\n}\n\
               declare token @llvm.experimental.convergence.entry()\ndeclare token @llvm.experimental.convergence.loop()\n";
    // Thread 0: 2 outer x 1 inner; thread 1: 2 outer x 2 inner; thread 2: 1 outer x 2 inner.
    let args = vec![vec![i32v(2), i32v(1)], vec![i32v(2), i32v(2)], vec![i32v(1), i32v(2)]];
    let r = run_src(src, "f", 3, args).unwrap();
    let groups = |t: usize| r.threads[t].events.iter().map(|e| (e.args.clone(), e.group)).collect::<Vec<_>>();
    assert_eq!(groups(0), vec![(vec![i32v(0), i32v(0)], 0b111), (vec![i32v(1), i32v(0)], 0b011)]);
    assert_eq!(groups(1)[1], (vec![i32v(0), i32v(1)], 0b110));
    assert_eq!(groups(1)[3], (vec![i32v(1), i32v(1)], 0b010));
}

#[test]
fn maximal_convergence_counts_iterations_since_entering_each_cycle() {
    // An uncontrolled operation in an inner loop re-entered on each outer
    // iteration: threads meet per (outer iteration, inner iteration).
    let src = "declare void @op(i32) convergent\n\
               define void @f(i32 %m) {\nentry:\n  br label %outer\n\
               outer:\n  %i = phi i32 [ 0, %entry ], [ %i1, %olatch ]\n  %oc = icmp slt i32 %i, 2\n  \
               br i1 %oc, label %inner, label %exit\n\
               inner:\n  %j = phi i32 [ 0, %outer ], [ %j1, %inner ]\n  call void @op(i32 %j)\n  \
               %j1 = add i32 %j, 1\n  %ic = icmp slt i32 %j1, %m\n  br i1 %ic, label %inner, label %olatch\n\
               olatch:\n  %i1 = add i32 %i, 1\n  br label %outer\nexit:\n  ret void\n}\n";
    let r = run_src(src, "f", 2, vec![vec![i32v(1)], vec![i32v(2)]]).unwrap();
    let g: Vec<u64> = r.threads[1].events.iter().map(|e| e.group).collect();
    assert_eq!(g, vec![0b11, 0b10, 0b11, 0b10]);
}

#[test]
fn a_token_used_around_a_cycle_without_a_heart_is_reported() {
    // Invalid IR (the verifier's cycle rule), parsed without verification:
    // the second iteration would be converged with the first.
    let src = "declare void @op() convergent\n\
               define void @f(i32 %n) {\nentry:\n  %a = call token @llvm.experimental.convergence.anchor()\n  \
               br label %loop\nloop:\n  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]\n  \
               call void @op() [ \"convergencectrl\"(token %a) ]\n  %i1 = add i32 %i, 1\n  \
               %c = icmp slt i32 %i1, %n\n  br i1 %c, label %loop, label %exit\nexit:\n  ret void\n}\n\
               declare token @llvm.experimental.convergence.anchor()\n";
    let (m, _) = opt_conv_ir::parse_module("t.ll", src).unwrap();
    let p = Program::new(&m).unwrap();
    let r = run(&p, "f", &Inputs { args: vec![vec![i32v(2)]] }, &RunConfig { threads: 2, ..Default::default() });
    assert!(
        matches!(&r, Err(SimtError::Convergence(msg)) if msg.contains("a second time with the same token")),
        "{r:?}"
    );
}

#[test]
fn undefined_behaviour_is_reported_not_panicked() {
    let br = "define i32 @f(i1 %c) {\nentry:\n  br i1 %c, label %a, label %b\na:\n  ret i32 1\nb:\n  ret i32 2\n}\n";
    assert!(
        matches!(run_src(br, "f", 1, vec![vec![Val::Poison]]), Err(SimtError::Undefined(m)) if m.contains("branch on poison"))
    );
    let null = "define i32 @f() {\nentry:\n  %v = load i32, ptr null\n  ret i32 %v\n}\n";
    assert!(matches!(run_src(null, "f", 1, vec![]), Err(SimtError::Undefined(m)) if m.contains("null")));
    let assume = "declare void @llvm.assume(i1)\ndefine void @f(i1 %c) {\nentry:\n  call void @llvm.assume(i1 %c)\n  ret void\n}\n";
    assert!(run_src(assume, "f", 1, vec![vec![Val::bool(false)]]).is_err());
    let unsupported = "declare float @llvm.sin.f32(float)\ndefine float @f(float %x) {\nentry:\n  \
                       %s = call float @llvm.sin.f32(float %x)\n  ret float %s\n}\n";
    let r = run_src(unsupported, "f", 1, vec![vec![Val::Poison]]);
    assert!(matches!(&r, Err(SimtError::Unsupported(m)) if m.contains("llvm.sin.f32")), "{r:?}");
}
