; RULE: a token used in a cycle without its definition is used only by a loop intrinsic (valid: a heart)
; expect: valid
declare void @op() convergent

define void @f(i1 %c) {
entry:
  %anchor = call token @llvm.experimental.convergence.anchor()
  br label %loop

loop:
  %loop.tok = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %anchor) ]
  call void @op() [ "convergencectrl"(token %loop.tok) ]
  br i1 %c, label %loop, label %exit

exit:
  ret void
}
