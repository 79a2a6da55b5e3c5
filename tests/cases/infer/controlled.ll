; RUN: -passes=infer-convergence-tokens
; Functions already controlled, or without convergent operations, are left alone.
; expect-unchanged
declare void @barrier() convergent

define void @controlled() convergent {
  %t = call token @llvm.experimental.convergence.entry()
  call void @barrier() [ "convergencectrl"(token %t) ]
  ret void
}

define i32 @plain(i32 %x) {
  %y = add i32 %x, 1
  ret i32 %y
}
