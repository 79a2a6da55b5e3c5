; RULE: no convergent operation before a loop intrinsic in its block (valid)
; expect: valid
declare void @op() convergent

define void @f(i1 %c) {
entry:
  %a = call token @llvm.experimental.convergence.anchor()
  br label %loop

loop:
  %h = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %a) ]
  call void @op() [ "convergencectrl"(token %h) ]
  br i1 %c, label %loop, label %exit

exit:
  ret void
}
