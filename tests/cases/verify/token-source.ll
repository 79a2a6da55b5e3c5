; RULE: tokens come only from the convergence intrinsics
; expect-error: Function takes token but isn't an intrinsic
; expect-error: Convergence control tokens can only be produced by calls to the convergence control intrinsics.
; expect-error: Convergence control tokens can only be produced by calls to the convergence control intrinsics.
declare void @op() convergent

define void @f(token %arg) {
  call void @op() [ "convergencectrl"(token %arg) ]
  call void @op() [ "convergencectrl"(token none) ]
  ret void
}
