; RUN: -passes=loop-unroll -unroll-runtime -unroll-count=2 -unroll-runtime-epilog=false
; The spec's first unrolling example with the remainder before the loop:
; the loop's convergent operations refer to an anchor inside it, so a
; remainder is allowed although the trip count is divergent; the prologue
; (one straight copy, as the count is 2) and each copy in the loop get their
; own anchor.
; expect-remark: unrolled loop by a factor of 2 with run-time trip count
; expect-count: 3 call token @llvm.experimental.convergence.anchor()
; expect-count: 3 call void @convergent.operation()
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @convergent.operation() convergent

define void @anchor_loop() {
entry:
  %counter = call i32 @llvm.amdgcn.workitem.id.x()
  %skip = icmp eq i32 %counter, 0
  br i1 %skip, label %exit, label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %tok = call token @llvm.experimental.convergence.anchor()
  call void @convergent.operation() [ "convergencectrl"(token %tok) ]
  %i.next = add nuw i32 %i, 1
  %done = icmp eq i32 %i.next, %counter
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
