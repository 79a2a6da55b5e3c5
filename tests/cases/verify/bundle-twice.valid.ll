; RULE: a call carries at most one convergencectrl bundle (valid: one bundle)
; expect: valid
declare void @op() convergent

define void @f() {
  %a = call token @llvm.experimental.convergence.anchor()
  call void @op() [ "convergencectrl"(token %a) ]
  ret void
}
