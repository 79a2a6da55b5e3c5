; RULE: the entry intrinsic only in a convergent function (valid)
; expect: valid
define void @f() convergent {
  %e = call token @llvm.experimental.convergence.entry()
  ret void
}
