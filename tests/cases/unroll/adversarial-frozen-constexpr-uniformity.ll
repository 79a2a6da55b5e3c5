; RUN: -passes=loop-unroll -unroll-runtime -unroll-count=2
; Found by the adversarial review of the heart remainder: the trip count is
; a `freeze` of a constant expression that may be poison (`add nsw` of an
; address may overflow). Every thread freezes it on its own, so the
; threads of %e's group may get different counts; the uniformity counted
; only a freeze of `undef` or `poison` themselves as a source. The exit
; test runs in every iteration, so only the uniformity decides. Refused.
; expect-remark: [heart-remainder]
; expect-remark: not known to be uniform
; expect-no-remark: with run-time trip count
; expect-unchanged
target triple = "amdgcn-amd-amdhsa"

@g = addrspace(1) global i32 0

declare void @wg_op() convergent nounwind willreturn

define amdgpu_kernel void @k() convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %counter = freeze i32 add nsw (i32 ptrtoint (ptr addrspace(1) @g to i32), i32 2147483647)
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %inner = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %e) ]
  call void @wg_op() [ "convergencectrl"(token %inner) ]
  %i.next = add nuw i32 %i, 1
  %done = icmp eq i32 %i.next, %counter
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
