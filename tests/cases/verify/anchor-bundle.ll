; RULE: no bundle on entry or anchor
; (A second entry with a bundle is reported for being preceded by a convergent
; operation: that check comes first.)
; expect-error: Entry or anchor intrinsic cannot have a convergencectrl token operand.
; expect-error: Entry intrinsic cannot be preceded by a convergent operation in the same basic block.
define void @f() convergent {
  %e = call token @llvm.experimental.convergence.entry()
  %a = call token @llvm.experimental.convergence.anchor() [ "convergencectrl"(token %e) ]
  %e2 = call token @llvm.experimental.convergence.entry() [ "convergencectrl"(token %e) ]
  ret void
}
