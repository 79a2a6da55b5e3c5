; RUN: -passes=inline
; The spec's inlining example ("Function inlining substitutes this
; intrinsic with the token from the operand bundle"): the callee's entry
; token becomes the call site's token %inner, the loop heart of the caller.
; expect-remark: inlined @callee into @main (cost=always); entry token replaced by the call site's token
; expect-output: call void @convergent_operation() [ "convergencectrl"(token %inner) ]
declare void @convergent_operation() convergent

define void @callee() convergent alwaysinline {
entry:
  %tok = call token @llvm.experimental.convergence.entry()
  call void @convergent_operation() [ "convergencectrl"(token %tok) ]
  ret void
}

define void @main(i32 %n) {
entry:
  %outer = call token @llvm.experimental.convergence.anchor()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %inner = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %outer) ]
  call void @callee() [ "convergencectrl"(token %inner) ]
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
