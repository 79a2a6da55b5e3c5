; RULE: no bundle on entry or anchor (valid)
; expect: valid
define void @f() convergent {
  %e = call token @llvm.experimental.convergence.entry()
  %a = call token @llvm.experimental.convergence.anchor()
  ret void
}
