; RULE: a cycle with a heart is reducible (valid: anchors inside an irreducible cycle need no heart)
; expect: valid
declare void @op() convergent

define void @f(i1 %c) {
entry:
  br i1 %c, label %left, label %right

left:
  %a = call token @llvm.experimental.convergence.anchor()
  call void @op() [ "convergencectrl"(token %a) ]
  br i1 %c, label %right, label %exit

right:
  br i1 %c, label %left, label %exit

exit:
  ret void
}
