; RUN: -passes=loop-unroll -unroll-count=4
; A loop with a heart and the constant trip count 10: unrolling by 4 would
; keep only the exit test of the copy that runs the last iteration, with no
; remainder loop; LLVM 22 takes such a count only where a remainder would
; be allowed, which a heart forbids without a uniform trip count, and so
; does opt-conv: the count is set aside and the loop, small enough, is
; unrolled completely, as LLVM 22 does.
; expect-remark: unroll count 4 not used: 10 iterations are not a multiple of it
; expect-remark: completely unrolled loop with 10 iterations
; expect-count: 10 call void @convergent.operation()
target triple = "amdgcn-amd-amdhsa"

declare void @convergent.operation() convergent

define void @heart10() {
entry:
  %outer = call token @llvm.experimental.convergence.anchor()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %inner = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %outer) ]
  call void @convergent.operation() [ "convergencectrl"(token %inner) ]
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 10
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
