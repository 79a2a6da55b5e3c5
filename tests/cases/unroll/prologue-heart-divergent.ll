; RUN: -passes=loop-unroll -unroll-runtime -unroll-count=2 -unroll-runtime-epilog=false
; The spec's second unrolling example with the remainder asked before the
; loop: threads with 3 and 4 iterations would run the first original
; iteration in different copies (the prologue for the thread with 3, the
; unrolled loop for the one with 4), so a prologue is refused just as an
; epilogue is, and no count divides the unknown trip count: not unrolled.
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
