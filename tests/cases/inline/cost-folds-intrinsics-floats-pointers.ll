; RUN: -passes=inline -inline-threshold=20
; The cost walk and the inlined copy fold what LLVM's constant folding and
; InstSimplify fold with the call's arguments, beyond integer arithmetic:
; an overflow-checking intrinsic on constants and the `extractvalue` of its
; flag (@ovf), `fneg` and `fcmp` of float constants (@flt), an
; `inttoptr`/`ptrtoint`/`trunc`/`zext` round trip of a constant (@trip),
; the difference of two pointers into one object at constant `inbounds`
; offsets, seen through their `ptrtoint`s (@dist: 12 - 4 = 8), and a
; compare of a pointer with itself (@same). Each callee's costly arm (eight
; calls) is never reached at these calls, so each is inlined under
; threshold 20 (none is local: no last-call bonus). For @dist and @same the
; cost walk relates the pointer arguments, one base at constant `inbounds`
; offsets, as LLVM's constant-offset pointers do; @alone decides its
; branch by itself (`sub %x, %x`), whatever the call passes, and the walk
; runs though the call gives nothing to fold. The copies keep only the arm
; taken, and the output is opt-22's but for the intrinsic's attributes. As
; in LLVM, the `ptrtoint`s @dist's copy no longer uses stay (the cloner
; deletes only what it simplified), but a copied entry alloca nothing uses
; goes.
; expect-remark: inlined @ovf into @caller
; expect-remark: inlined @flt into @caller
; expect-remark: inlined @trip into @caller
; expect-remark: inlined @dist into @caller
; expect-remark: inlined @same into @caller
; expect-remark: inlined @alone into @caller
; (Each count below is that of the callees, all kept.)
; expect-count: 48 call void @heavy()
; expect-count: 1 call { i8, i1 } @llvm.uadd.with.overflow.i8(
; expect-count: 1 fcmp
; expect-count: 1 sub i64
; expect-count: 4 icmp
; expect-count: 1 alloca i64
; expect-output: %a.i = ptrtoint ptr %g12 to i64
; expect-output: ret i32 %s5
declare void @heavy()
declare void @light(i32)
declare {i8, i1} @llvm.uadd.with.overflow.i8(i8, i8)

define i32 @ovf(i8 %x, i8 %y) {
  %r = call {i8, i1} @llvm.uadd.with.overflow.i8(i8 %x, i8 %y)
  %o = extractvalue {i8, i1} %r, 1
  br i1 %o, label %wrapped, label %heavy

wrapped:
  ret i32 1

heavy:
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  ret i32 0
}

define i32 @flt(float %f) {
  %n = fneg float %f
  %c = fcmp ugt float %n, 4.0
  br i1 %c, label %heavy, label %done

heavy:
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  ret i32 0

done:
  ret i32 2
}

define i32 @trip(i64 %v) {
  %p = inttoptr i64 %v to ptr
  %i = ptrtoint ptr %p to i64
  %t = trunc i64 %i to i32
  %z = zext i32 %t to i64
  %c = icmp eq i64 %z, 42
  br i1 %c, label %done, label %heavy

heavy:
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  ret i32 0

done:
  ret i32 3
}

define i32 @dist(ptr %lo, ptr %hi) {
  %unused = alloca i64, align 8
  %a = ptrtoint ptr %hi to i64
  %b = ptrtoint ptr %lo to i64
  %d = sub i64 %a, %b
  %c = icmp eq i64 %d, 8
  br i1 %c, label %done, label %heavy

heavy:
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  ret i32 0

done:
  call void @light(i32 4)
  ret i32 4
}

define i32 @same(ptr %p, ptr %q) {
  %c = icmp ule ptr %p, %q
  br i1 %c, label %done, label %heavy

heavy:
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  ret i32 0

done:
  ret i32 5
}

define i32 @alone(i32 %x) {
  %d = sub i32 %x, %x
  %c = icmp eq i32 %d, 0
  br i1 %c, label %done, label %heavy

heavy:
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  ret i32 0

done:
  ret i32 6
}

define i32 @caller(ptr %any, i32 %n) {
  %obj = alloca [16 x i8], align 8
  %g4 = getelementptr inbounds i32, ptr %obj, i64 1
  %g12 = getelementptr inbounds i32, ptr %g4, i64 2
  %r0 = call i32 @ovf(i8 250, i8 9)
  %r1 = call i32 @flt(float 2.0)
  %r2 = call i32 @trip(i64 42)
  %r3 = call i32 @dist(ptr %g4, ptr %g12)
  %r4 = call i32 @same(ptr %any, ptr %any)
  %s1 = add i32 %r0, %r1
  %s2 = add i32 %s1, %r2
  %s3 = add i32 %s2, %r3
  %s4 = add i32 %s3, %r4
  %r5 = call i32 @alone(i32 %n)
  %s5 = add i32 %s4, %r5
  ret i32 %s5
}
