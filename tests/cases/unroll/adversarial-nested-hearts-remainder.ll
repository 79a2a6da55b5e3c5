; RUN: -passes=loop-unroll -unroll-count=2 -unroll-runtime
; An outer loop with a heart, unrolled with a remainder, whose inner loop has
; its own heart rooted in the outer one and a divergent trip count. The
; outer trip count is a noundef kernel argument: uniform, so every original outer
; iteration runs in the same copy for all threads, and each copy of the
; inner loop keeps a heart rooted in the heart of the copy it is in.
; Allowed; the output verifies. The inner loop's own trip count is the
; thread id: no remainder for it.
; expect-remark: unrolled loop by a factor of 2 with run-time trip count
; expect-remark: not unrolled by 2: the trip count is not known to be a multiple of it and a remainder loop is not allowed: [heart-remainder]
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare void @use(i32) nounwind willreturn
define amdgpu_kernel void @k(i32 noundef %n, i32 %m) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %olatch ]
  %h1 = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %e) ]
  %r1 = call i32 @subgroup_add(i32 %i) [ "convergencectrl"(token %h1) ]
  call void @use(i32 %r1)
  br label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner ]
  %h2 = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %h1) ]
  %r2 = call i32 @subgroup_add(i32 %j) [ "convergencectrl"(token %h2) ]
  call void @use(i32 %r2)
  %j.next = add i32 %j, 1
  %jd = icmp sge i32 %j.next, %tid
  br i1 %jd, label %olatch, label %inner
olatch:
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %outer
exit:
  ret void
}
