; RUN: -passes=sink
; An anchor and its ballot sink into the part of a loop body that uses the
; ballot. The loop's trip count differs per thread, so each thread executes
; the anchor in different iterations after the sink than before; the anchor's
; grouping is implementation-defined and the threads of each iteration that
; use the token still execute it together. (A reference-executor regression:
; pairing the anchor's k-th instances by order alone called this a
; miscompile; they pair by iteration.)
; expect-remark: sank %bw from %loop to %then
; expect-remark: sank %a from %loop to %then
; expect-no-remark: cannot sink
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i64 @subgroupBallot(i1) convergent nounwind willreturn memory(none)
declare void @record(i64)

define void @f() convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %trip0 = and i32 %tid, 3
  %trip = add i32 %trip0, 1
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %inext, %latch ]
  %a = call token @llvm.experimental.convergence.anchor()
  %bw = call i64 @subgroupBallot(i1 true) [ "convergencectrl"(token %a) ]
  %c = icmp ne i32 %i, 0
  br i1 %c, label %then, label %latch

then:
  call void @record(i64 %bw)
  br label %latch

latch:
  %inext = add i32 %i, 1
  %done = icmp sge i32 %inext, %trip
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
