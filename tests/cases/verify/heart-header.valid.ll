; RULE: the heart is the header of the outermost cycle lacking its token's definition (valid)
; expect: valid
declare void @op() convergent

define void @f(i1 %c, i1 %d) {
entry:
  %anchor = call token @llvm.experimental.convergence.anchor()
  br label %header

header:
  %h = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %anchor) ]
  br i1 %c, label %body, label %exit

body:
  call void @op() [ "convergencectrl"(token %h) ]
  br label %header

exit:
  ret void
}
