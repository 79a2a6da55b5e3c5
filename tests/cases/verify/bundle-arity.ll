; RULE: the bundle holds exactly one token
; expect-error: The 'convergencectrl' bundle requires exactly one token use.
; expect-error: Cannot mix controlled and uncontrolled convergence in the same function.
; expect-error: The 'convergencectrl' bundle requires exactly one token use.
; expect-error: Cannot mix controlled and uncontrolled convergence in the same function.
declare void @op() convergent

define void @f() {
  %a = call token @llvm.experimental.convergence.anchor()
  %b = call token @llvm.experimental.convergence.anchor()
  call void @op() [ "convergencectrl"(token %a, token %b) ]
  call void @op() [ "convergencectrl"() ]
  ret void
}
