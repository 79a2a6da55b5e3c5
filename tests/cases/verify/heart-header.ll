; RULE: the heart is the header of the outermost cycle lacking its token's definition
; (the spec's "heart outside a loop header")
; expect-error: Cycle heart must dominate all blocks in the cycle.
declare void @op() convergent

define void @f(i1 %c, i1 %d) {
entry:
  %anchor = call token @llvm.experimental.convergence.anchor()
  br label %header

header:
  br i1 %c, label %body, label %exit

body:
  %h = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %anchor) ]
  call void @op() [ "convergencectrl"(token %h) ]
  br label %header

exit:
  ret void
}
