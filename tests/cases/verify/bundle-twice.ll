; RULE: a call carries at most one convergencectrl bundle
; expect-error: The 'convergencectrl' bundle can occur at most once on a call
; expect-error: Cannot mix controlled and uncontrolled convergence in the same function.
declare void @op() convergent

define void @f() {
  %a = call token @llvm.experimental.convergence.anchor()
  %b = call token @llvm.experimental.convergence.anchor()
  call void @op() [ "convergencectrl"(token %a), "convergencectrl"(token %b) ]
  ret void
}
