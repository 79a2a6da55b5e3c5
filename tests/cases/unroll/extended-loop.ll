; RUN: -passes=loop-unroll -unroll-count=2
; An extended loop: %tok is defined inside the loop and used after it, so
; the loop's last iteration is tied to the use outside. Copies would need a
; phi of tokens, which cannot exist: never unrolled, whatever the count.
; expect-remark: [extended-loop]
; expect-unchanged
target triple = "amdgcn-amd-amdhsa"

declare void @convergent.operation() convergent

define void @extended(i32 %n) {
entry:
  %outer = call token @llvm.experimental.convergence.anchor()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %tok = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %outer) ]
  %i.next = add nuw i32 %i, 1
  %done = icmp eq i32 %i.next, 8
  br i1 %done, label %exit, label %loop

exit:
  call void @convergent.operation() [ "convergencectrl"(token %tok) ]
  ret void
}
