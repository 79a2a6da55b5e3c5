; RULE: the loop intrinsic requires a bundle (valid)
; expect: valid
define void @f(i1 %c) {
entry:
  %a = call token @llvm.experimental.convergence.anchor()
  br label %loop

loop:
  %h = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %a) ]
  br i1 %c, label %loop, label %exit

exit:
  ret void
}
