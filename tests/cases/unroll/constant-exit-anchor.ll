; RUN: -passes=loop-unroll -unroll-count=4
; The loop's convergent operation refers to an anchor inside it: a
; remainder would be allowed, and for the constant trip count 10 none is
; made: copy 1 (iterations 1, 5 and 9) keeps its exit test, as in LLVM 22,
; and each copy gets its own anchor.
; expect-remark: unrolled loop by a factor of 4, keeping the exit test of the copy that runs the last iteration
; expect-count: 4 call token @llvm.experimental.convergence.anchor()
; expect-count: 4 call void @convergent.operation()
; expect-count: 1 %done.1 = icmp eq i32 %i.next.1, 10
target triple = "amdgcn-amd-amdhsa"

declare void @convergent.operation() convergent

define void @anchor10() {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %tok = call token @llvm.experimental.convergence.anchor()
  call void @convergent.operation() [ "convergencectrl"(token %tok) ]
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 10
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
