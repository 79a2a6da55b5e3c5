; RULE: at most one heart per cycle (the spec's "two hearts using one anchor")
; expect-error: Loop intrinsic cannot be preceded by a convergent operation in the same basic block.
; expect-error: Two static convergence token uses in a cycle that does not contain either token's definition.
define void @f(i1 %c) {
entry:
  %anchor = call token @llvm.experimental.convergence.anchor()
  br label %loop

loop:
  %h1 = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %anchor) ]
  %h2 = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %anchor) ]
  br i1 %c, label %loop, label %exit

exit:
  ret void
}
