; RULE: no convergent operation before the entry intrinsic in its block
; expect-error: Entry intrinsic cannot be preceded by a convergent operation in the same basic block.
declare void @op() convergent

define void @f() convergent {
  %a = call token @llvm.experimental.convergence.anchor()
  %e = call token @llvm.experimental.convergence.entry()
  ret void
}
