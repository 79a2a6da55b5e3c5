; RULE: tokens come only from the convergence intrinsics (valid)
; expect: valid
declare void @op() convergent

define void @f() convergent {
  %e = call token @llvm.experimental.convergence.entry()
  call void @op() [ "convergencectrl"(token %e) ]
  ret void
}
