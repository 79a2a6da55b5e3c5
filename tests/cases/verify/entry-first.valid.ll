; RULE: no convergent operation before the entry intrinsic in its block (valid)
; expect: valid
define void @f() convergent {
  %e = call token @llvm.experimental.convergence.entry()
  %a = call token @llvm.experimental.convergence.anchor()
  ret void
}
