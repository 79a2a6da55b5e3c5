; RUN: -passes=loop-unroll -unroll-runtime -unroll-count=4
; The spec's third unrolling example: the trip count (6 * %n) is divergent
; but known to be a multiple of 2, so unrolling by 2 needs no remainder and
; is allowed. The asked-for 4 would need one: the count is reduced, and the
; remark names the rule. The heart is not duplicated: both copies of the
; operation use %inner.
; (6 * %n is counted as a multiple of 2 only: for %n = 0 the loop runs 2^32
; times, which 3 does not divide.)
; expect-remark: unroll count reduced from 4 to 2, which divides the trip multiple 2
; expect-remark: [heart-remainder]
; expect-remark: unrolled loop by a factor of 2; the loop heart is shared by every copy
; expect-count: 1 call token @llvm.experimental.convergence.loop()
; expect-count: 2 call void @convergent.operation() [ "convergencectrl"(token %inner) ]
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @convergent.operation() convergent

define void @heart_loop_by_multiple() {
entry:
  %n = call i32 @llvm.amdgcn.workitem.id.x()
  %counter = mul nuw i32 %n, 6
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
