; ConvergentOperations.rst, "Loop unrolling examples": every operation in
; the loop refers to an anchor inside the loop.
declare void @convergent.operation(i32) convergent

define void @f(i32 %counter) {
entry:
  br label %loop

loop:
  %c = phi i32 [ %counter, %entry ], [ %c.next, %body ]
  %more = icmp sgt i32 %c, 0
  br i1 %more, label %body, label %exit

body:
  %tok = call token @llvm.experimental.convergence.anchor()
  call void @convergent.operation(i32 %c) [ "convergencectrl"(token %tok) ]
  %c.next = sub i32 %c, 1
  br label %loop

exit:
  ret void
}

declare token @llvm.experimental.convergence.anchor()
