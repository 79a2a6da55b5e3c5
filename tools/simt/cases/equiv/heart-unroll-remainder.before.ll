; ConvergentOperations.rst, "Loop unrolling examples": a heart loop under an
; anchor, before unrolling.
declare void @convergent.operation(i32) convergent

define void @f(i32 %counter) {
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
