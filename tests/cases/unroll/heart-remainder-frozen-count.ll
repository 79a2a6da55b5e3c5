; RUN: -passes=loop-unroll -unroll-runtime -unroll-count=4
; The loop has a heart and its trip count is a kernel argument, uniform; but
; the heart's operation need not return, so the exit test may not run in
; every iteration and the count is computed through a freeze of the
; argument. If the argument is undef or poison, the freeze may pick a
; different value in each thread: threads would run the same original
; iteration in different copies. Refused; with a `noundef` argument (see
; prologue-heart-uniform.ll) it is allowed.
; expect-remark: not unrolled by 4: the trip count is not known to be a multiple of it and a remainder loop is not allowed: [heart-remainder]
; expect-unchanged
target triple = "amdgcn-amd-amdhsa"

declare void @convergent.operation() convergent

define amdgpu_kernel void @frozen_count(i32 %counter) {
entry:
  %outer = call token @llvm.experimental.convergence.anchor()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %inner = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %outer) ]
  call void @convergent.operation() [ "convergencectrl"(token %inner) ]
  %i.next = add nuw i32 %i, 1
  %done = icmp eq i32 %i.next, %counter
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
