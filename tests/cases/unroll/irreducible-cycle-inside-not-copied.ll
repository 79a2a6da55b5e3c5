; RUN: -passes=loop-unroll
; The loop runs twice; inside it, an irreducible cycle with entries %left
; and %right holds an uncontrolled reduction. With %left as header, every
; thread is in its first iteration there and all reduce together; with
; %right, the thread that enters at %left is apart from the others. One
; hierarchy serves the whole CFG, so both runs of the loop group the same
; way. Unrolled, the two copies of the cycle could get different headers
; and group differently in the two runs, which the original never does.
; expect-remark: not unrolled: [irreducible-edge] the loop at %loop contains an irreducible cycle
; expect-unchanged
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i64 @wave.ballot(i1) convergent nounwind willreturn memory(none)
declare void @sink.value(i64) nounwind willreturn

define amdgpu_kernel void @twice() {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()
  %first = icmp eq i32 %lane, 0
  br label %loop

loop:
  %n = phi i32 [ 0, %entry ], [ %n.next, %latch ]
  br i1 %first, label %left, label %right

left:
  %mask = call i64 @wave.ballot(i1 true)
  call void @sink.value(i64 %mask)
  br i1 false, label %right, label %latch

right:
  br label %left

latch:
  %n.next = add i32 %n, 1
  %again = icmp slt i32 %n.next, 2
  br i1 %again, label %loop, label %done

done:
  ret void
}
