; RULE: the loop intrinsic requires a bundle
; expect-error: Loop intrinsic must have a convergencectrl token operand.
define void @f(i1 %c) {
entry:
  br label %loop

loop:
  %h = call token @llvm.experimental.convergence.loop()
  br i1 %c, label %loop, label %exit

exit:
  ret void
}
