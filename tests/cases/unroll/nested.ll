; RUN: -passes=loop-unroll -unroll-count=2
; Nested loops with hearts. The inner loop (3 iterations, heart tied to the
; outer heart) cannot take count 2 without a remainder, so it is unrolled
; completely instead; the outer loop (trip count 2 * %n) is unrolled by 2
; without remainder. The outer heart stays once; the inner loop intrinsic,
; which is no longer a heart once its loop is gone, is copied with each
; outer iteration's body.
; expect-remark: unroll count 2 not used: 3 iterations are not a multiple of it
; expect-remark: completely unrolled loop with 3 iterations; the loop heart is shared by every copy
; expect-remark: unrolled loop by a factor of 2; the loop heart is shared by every copy
; expect-count: 3 call token @llvm.experimental.convergence.loop()
; expect-count: 6 call void @convergent.operation()
target triple = "amdgcn-amd-amdhsa"

declare void @convergent.operation() convergent

define void @nest(i32 %n) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %trips = shl nuw i32 %n, 1
  br label %outer

outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  %h.outer = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %e) ]
  br label %inner

inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner ]
  %h.inner = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %h.outer) ]
  call void @convergent.operation() [ "convergencectrl"(token %h.inner) ]
  %j.next = add nuw nsw i32 %j, 1
  %inner.done = icmp eq i32 %j.next, 3
  br i1 %inner.done, label %outer.latch, label %inner

outer.latch:
  %i.next = add nuw i32 %i, 1
  %done = icmp eq i32 %i.next, %trips
  br i1 %done, label %exit, label %outer

exit:
  ret void
}
