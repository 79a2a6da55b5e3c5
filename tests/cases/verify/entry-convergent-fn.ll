; RULE: the entry intrinsic only in a convergent function
; expect-error: Entry intrinsic can occur only in a convergent function.
define void @f() {
  %e = call token @llvm.experimental.convergence.entry()
  ret void
}
