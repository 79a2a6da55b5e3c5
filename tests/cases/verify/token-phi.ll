; RULE: token values never flow through phi (select of tokens is a parse error)
; expect-error: PHI nodes cannot have token type!
; expect-error: Convergence control tokens can only be produced by calls to the convergence control intrinsics.
; expect-error: Cannot mix controlled and uncontrolled convergence in the same function.
declare void @op() convergent

define void @f(i1 %c) {
entry:
  %a = call token @llvm.experimental.convergence.anchor()
  br i1 %c, label %x, label %y

x:
  br label %y

y:
  %t = phi token [ %a, %entry ], [ %a, %x ]
  call void @op() [ "convergencectrl"(token %t) ]
  ret void
}
