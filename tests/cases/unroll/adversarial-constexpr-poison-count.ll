; RUN: -passes=loop-unroll -unroll-runtime -unroll-count=4
; Found by the adversarial review of the heart remainder: the trip count is
; a constant expression that is poison (`opt` folds it to `poison`), and the
; heart's operation need not return, so the count is computed through a
; freeze, which may pick a different value in each thread
; (heart-remainder-frozen-count.ll with the poison spelled as an
; expression). The oracle took every constant but `undef` and `poison`
; themselves for well defined. Refused.
; expect-remark: [heart-remainder]
; expect-remark: computed through a freeze
; expect-no-remark: with run-time trip count
; expect-unchanged
target triple = "amdgcn-amd-amdhsa"

declare void @convergent.operation() convergent

define amdgpu_kernel void @frozen_count() {
entry:
  %outer = call token @llvm.experimental.convergence.anchor()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %inner = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %outer) ]
  call void @convergent.operation() [ "convergencectrl"(token %inner) ]
  %i.next = add nuw i32 %i, 1
  %done = icmp eq i32 %i.next, extractelement (<2 x i32> <i32 poison, i32 7>, i32 0)
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
