; RULE: no mixing of controlled and uncontrolled convergence in one function
; expect-error: Cannot mix controlled and uncontrolled convergence in the same function.
declare void @op() convergent

define void @f() {
  %a = call token @llvm.experimental.convergence.anchor()
  call void @op() [ "convergencectrl"(token %a) ]
  call void @op()
  ret void
}
