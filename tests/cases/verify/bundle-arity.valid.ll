; RULE: the bundle holds exactly one token (valid)
; expect: valid
declare void @op() convergent

define void @f() {
  %a = call token @llvm.experimental.convergence.anchor()
  call void @op() [ "convergencectrl"(token %a) ]
  call void @op() [ "convergencectrl"(token %a) ]
  ret void
}
