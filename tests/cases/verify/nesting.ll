; RULE: convergence regions are well nested
; expect-error: Convergence region is not well-nested.
declare void @op() convergent

define void @f() {
  %outer = call token @llvm.experimental.convergence.anchor()
  %inner = call token @llvm.experimental.convergence.anchor()
  call void @op() [ "convergencectrl"(token %outer) ]
  call void @op() [ "convergencectrl"(token %inner) ]
  ret void
}
