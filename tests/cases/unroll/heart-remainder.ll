; RUN: -passes=loop-unroll -unroll-runtime -unroll-count=2
; The spec's second unrolling example: the loop has a heart (%inner, whose
; token comes from %outer before the loop) and a divergent trip count. A
; remainder would make threads with 3 and 4 iterations run the 3rd original
; iteration in different copies (remainder versus unrolled loop), so it is
; refused, and no count divides the unknown trip count: not unrolled.
; expect-remark: not unrolled by 2
; expect-remark: [heart-remainder]
; expect-unchanged
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @convergent.operation() convergent

define void @heart_loop() {
entry:
  %counter = call i32 @llvm.amdgcn.workitem.id.x()
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
