; expect: not equivalent
; Unrolled by 2 with a remainder (ConvergentOperations.rst: "forbidden when
; llvm.experimental.convergence.loop is used"): threads with 3 and 4
; iterations no longer meet in their third iteration.
declare void @convergent.operation(i32) convergent

define void @f(i32 %counter) {
entry:
  %outer = call token @llvm.experimental.convergence.anchor()
  br label %loop

loop:
  %c = phi i32 [ %counter, %entry ], [ %c.next, %body ]
  %inner = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %outer) ]
  %more = icmp sge i32 %c, 2
  br i1 %more, label %body, label %rem.check

body:
  call void @convergent.operation(i32 %c) [ "convergencectrl"(token %inner) ]
  %c1 = sub i32 %c, 1
  call void @convergent.operation(i32 %c1) [ "convergencectrl"(token %inner) ]
  %c.next = sub i32 %c, 2
  br label %loop

rem.check:
  %left = icmp sgt i32 %c, 0
  br i1 %left, label %rem, label %exit

rem:
  %remainder = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %outer) ]
  call void @convergent.operation(i32 %c) [ "convergencectrl"(token %remainder) ]
  br label %exit

exit:
  ret void
}

declare token @llvm.experimental.convergence.anchor()
declare token @llvm.experimental.convergence.loop()
