; An anchor and all its users in a loop body whose trip count differs per
; thread; the users are needed only when %i != 0 (uniform among the threads
; still in the loop).
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
