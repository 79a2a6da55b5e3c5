; RUN: -passes=loop-unroll -unroll-count=32
; A loop heart with a truncated counter whose limit differs per thread (a
; workitem id): the trip count is now known at run time (at most 15), but
; the heart is never unrolled up to that bound, and a remainder loop would
; need a uniform trip count. The count is reduced to one dividing the trip
; multiple (1): the loop stays, with its heart, as in opt-22.
; expect-count: 0 %i.next.1
; expect-remark: not unrolled by 32
; expect-count: 1 call token @llvm.experimental.convergence.loop()
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @convergent.operation() convergent

define void @heart_loop() {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %n = trunc i32 %id to i4
  %outer = call token @llvm.experimental.convergence.anchor()
  %empty = icmp eq i4 %n, 0
  br i1 %empty, label %exit, label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %inner = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %outer) ]
  call void @convergent.operation() [ "convergencectrl"(token %inner) ]
  %i.next = add i64 %i, 1
  %narrow = trunc i64 %i.next to i4
  %done = icmp eq i4 %narrow, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
