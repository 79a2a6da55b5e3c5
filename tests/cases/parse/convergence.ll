; Convergence control: entry, anchor and loop intrinsics with bundles.
declare void @op() convergent

define void @controlled(i1 %c) convergent {
entry:
  %entry.tok = call token @llvm.experimental.convergence.entry()
  br label %header

header:
  %heart = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %entry.tok) ]
  call void @op() [ "convergencectrl"(token %heart) ]
  br i1 %c, label %header, label %exit

exit:
  %anchor = call token @llvm.experimental.convergence.anchor()
  call void @op() [ "convergencectrl"(token %anchor) ]
  ret void
}
