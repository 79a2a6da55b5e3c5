; RULE: token values never flow through phi (valid: use the dominating token directly)
; expect: valid
declare void @op() convergent

define void @f(i1 %c) {
entry:
  %a = call token @llvm.experimental.convergence.anchor()
  br i1 %c, label %x, label %y

x:
  br label %y

y:
  call void @op() [ "convergencectrl"(token %a) ]
  ret void
}
