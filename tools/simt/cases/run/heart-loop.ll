; run: --threads 4 --func heart_loop --args 3:4
; ConvergentOperations.rst, "Loop unrolling examples" (A)(B)(C): threads
; converged at the anchor execute converged instances of the operation in
; iterations with the same number; a thread with more iterations continues
; alone.
declare void @convergent.operation(i32) convergent

define void @heart_loop(i32 %counter) {
entry:
  %outer = call token @llvm.experimental.convergence.anchor()
  br label %loop

loop:
  %c = phi i32 [ %counter, %entry ], [ %c.next, %body ]
  %inner = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %outer) ]
  %more = icmp sgt i32 %c, 0
  br i1 %more, label %body, label %exit

body:
  call void @convergent.operation(i32 %c) [ "convergencectrl"(token %inner) ]
  %c.next = sub i32 %c, 1
  br label %loop

exit:
  ret void
}

declare token @llvm.experimental.convergence.anchor()
declare token @llvm.experimental.convergence.loop()
