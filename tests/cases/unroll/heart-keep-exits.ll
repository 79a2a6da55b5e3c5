; RUN: -passes=loop-unroll -unroll-count=2
; Class 8 of the legality review: the spec's unrolling "without tail" for a
; loop with a heart whose trip count cannot be computed (it exits on i*i).
; Every copy keeps its exit test, so no remainder is needed: each original
; iteration runs in the same copy for every thread, and the heart %inner is
; shared by both copies.
; expect-remark: unrolled loop by a factor of 2, keeping every copy's exit test
; expect-count: 1 call token @llvm.experimental.convergence.loop()
; expect-count: 2 call void @convergent.operation()
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @convergent.operation() convergent

define void @heart_loop() {
entry:
  %counter = call i32 @llvm.amdgcn.workitem.id.x()
  %outer = call token @llvm.experimental.convergence.anchor()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %inner = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %outer) ]
  call void @convergent.operation() [ "convergencectrl"(token %inner) ]
  %i.next = add nuw i32 %i, 1
  %sq = mul i32 %i.next, %i.next
  %done = icmp ugt i32 %sq, %counter
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
