; expect: equivalent
; The anchor sunk with its ballot into %then: the first iteration no longer
; executes it, so the k-th anchor instance of a thread is a different
; iteration in the two programs; instances pair up by iteration.
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
  %c = icmp ne i32 %i, 0
  br i1 %c, label %then, label %latch

then:
  %a = call token @llvm.experimental.convergence.anchor()
  %bw = call i64 @subgroupBallot(i1 true) [ "convergencectrl"(token %a) ]
  call void @record(i64 %bw)
  br label %latch

latch:
  %inext = add i32 %i, 1
  %done = icmp sge i32 %inext, %trip
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
