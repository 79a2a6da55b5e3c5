; RULE: the entry intrinsic only in the entry block (valid; non-convergent code may precede it)
; expect: valid
define void @f(i32 %x) convergent {
entry:
  %y = add i32 %x, 1
  %e = call token @llvm.experimental.convergence.entry()
  br label %next

next:
  ret void
}
