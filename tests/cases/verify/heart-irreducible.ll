; RULE: a cycle with a heart is reducible
; expect-error: Cycle heart must dominate all blocks in the cycle.
define void @f(i1 %c) {
entry:
  %a = call token @llvm.experimental.convergence.anchor()
  br i1 %c, label %left, label %right

left:
  %h = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %a) ]
  br i1 %c, label %right, label %exit

right:
  br i1 %c, label %left, label %exit

exit:
  ret void
}
