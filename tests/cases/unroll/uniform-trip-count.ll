; RUN: -passes=loop-unroll -unroll-runtime -unroll-count=2
; The heart-remainder example with a uniform trip count (a noundef kernel argument):
; all threads that reach the loop converged run the same number of
; iterations, so the remainder cannot split them; LLVM main allows this and
; so does the oracle. The remainder, a single iteration here, has its own
; copy of the loop intrinsic, executed at most once.
; expect-remark: unrolled loop by a factor of 2 with run-time trip count
; expect-no-remark: heart-remainder
; expect-count: 2 call token @llvm.experimental.convergence.loop()
; expect-count: 3 call void @convergent.operation()
target triple = "amdgcn-amd-amdhsa"

declare void @convergent.operation() convergent

define amdgpu_kernel void @uniform_heart_loop(i32 noundef %counter) {
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
