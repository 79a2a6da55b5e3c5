; RUN: -passes=inline
; A controlled call into a callee whose convergent operations are
; uncontrolled: inlined as is, the caller would mix controlled and
; uncontrolled operations (invalid IR, which LLVM produces). Tokens are
; inferred in the inlined copy instead, rooted at the call site's token: the
; callee's loop gets a heart using %t, and each operation its sibling token.
; expect-remark: inlined @uncontrolled into @caller (cost=always); tokens inferred for the uncontrolled callee, rooted at the call site's token
; expect-output: %tok.loop = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %t) ]
; expect-output: call void @barrier() [ "convergencectrl"(token %tok.loop) ]
; expect-output: call void @barrier() [ "convergencectrl"(token %t) ]
declare void @barrier() convergent

define void @uncontrolled(i32 %n) convergent alwaysinline {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @barrier()
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  call void @barrier()
  ret void
}

define void @caller(i32 %n) convergent {
entry:
  %t = call token @llvm.experimental.convergence.entry()
  call void @uncontrolled(i32 %n) [ "convergencectrl"(token %t) ]
  ret void
}
