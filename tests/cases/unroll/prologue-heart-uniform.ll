; RUN: -passes=loop-unroll -unroll-runtime -unroll-count=4 -unroll-runtime-epilog=false
; A loop with a heart and a uniform trip count (a noundef kernel argument), with
; the remainder before the unrolled loop: every thread that starts the loop
; with the others has the same %xtraiter, so each original iteration runs
; in the same copy (prologue or unrolled loop) for all of them, as with the
; remainder after it. The prologue is a loop with its own heart; the
; unrolled loop's copies share the original's.
; expect-remark: unrolled loop by a factor of 4 with run-time trip count
; expect-no-remark: heart-remainder
; expect-count: 2 call token @llvm.experimental.convergence.loop()
; expect-count: 5 call void @convergent.operation()
target triple = "amdgcn-amd-amdhsa"

declare void @convergent.operation() convergent

define amdgpu_kernel void @uniform_heart_prologue(i32 noundef %counter) {
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
