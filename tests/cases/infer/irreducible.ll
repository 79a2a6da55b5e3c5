; RUN: -passes=infer-convergence-tokens
; An irreducible cycle that contains an uncontrolled convergent operation:
; node splitting is not implemented, so the function is refused (unchanged)
; and the remark names the cycle. An irreducible cycle without convergent
; operations does not stop inference elsewhere.
; expect-remark: irreducible: infer-convergence-tokens: cannot infer tokens: irreducible cycle 'depth=1: entries(right left)' contains uncontrolled convergent operations
; expect-remark: benign: infer-convergence-tokens: inferred convergence control: entry token, 0 loop hearts, 1 bundle
declare void @barrier() convergent

define void @irreducible(i1 %c) convergent {
entry:
  br i1 %c, label %left, label %right

left:
  call void @barrier()
  br i1 %c, label %right, label %exit

right:
  br i1 %c, label %left, label %exit

exit:
  ret void
}

define void @benign(i1 %c) convergent {
entry:
  br i1 %c, label %left, label %right

left:
  br i1 %c, label %right, label %exit

right:
  br i1 %c, label %left, label %exit

exit:
  call void @barrier()
  ret void
}
