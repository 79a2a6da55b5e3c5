; RULE: the entry intrinsic only in the entry block
; expect-error: Entry intrinsic can occur only in the entry block.
define void @f() convergent {
entry:
  br label %next

next:
  %e = call token @llvm.experimental.convergence.entry()
  ret void
}
