; RULE: a token used in a cycle without its definition is used only by a loop intrinsic
; (the spec's "anchor used in a loop without a heart")
; expect-error: Convergence token used by an instruction other than llvm.experimental.convergence.loop in a cycle that does not contain the token's definition.
declare void @op() convergent

define void @f(i1 %c) {
entry:
  %anchor = call token @llvm.experimental.convergence.anchor()
  br label %loop

loop:
  call void @op() [ "convergencectrl"(token %anchor) ]
  br i1 %c, label %loop, label %exit

exit:
  ret void
}
