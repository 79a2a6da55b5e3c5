; expect: equivalent
; Unrolled by 2 without a remainder; the loop intrinsic is not duplicated
; (ConvergentOperations.rst: "unrolling without tail is allowed").
declare void @convergent.operation(i32) convergent

define void @f(i32 %n) {
entry:
  %outer = call token @llvm.experimental.convergence.anchor()
  %counter = shl i32 %n, 1
  br label %loop

loop:
  %c = phi i32 [ %counter, %entry ], [ %c.next, %body ]
  %inner = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %outer) ]
  %more = icmp sgt i32 %c, 0
  br i1 %more, label %body, label %exit

body:
  call void @convergent.operation(i32 %c) [ "convergencectrl"(token %inner) ]
  %c1 = sub i32 %c, 1
  call void @convergent.operation(i32 %c1) [ "convergencectrl"(token %inner) ]
  %c.next = sub i32 %c, 2
  br label %loop

exit:
  ret void
}

declare token @llvm.experimental.convergence.anchor()
declare token @llvm.experimental.convergence.loop()
