; RULE: no convergent operation before a loop intrinsic in its block
; expect-error: Loop intrinsic cannot be preceded by a convergent operation in the same basic block.
; expect-error: Convergence token used by an instruction other than llvm.experimental.convergence.loop in a cycle that does not contain the token's definition.
declare void @op() convergent

define void @f(i1 %c) {
entry:
  %a = call token @llvm.experimental.convergence.anchor()
  br label %loop

loop:
  call void @op() [ "convergencectrl"(token %a) ]
  %h = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %a) ]
  br i1 %c, label %loop, label %exit

exit:
  ret void
}
