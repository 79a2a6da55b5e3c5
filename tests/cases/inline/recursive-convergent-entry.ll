; RUN: -passes=inline
; Convergent functions in call-graph cycles, with entry tokens. Recursion
; changes nothing in how a body is inlined: its entry token becomes the
; call site's token ("Function inlining substitutes this intrinsic with the
; token from the operand bundle").
; * @pong inlined into @ping (the two call each other): the copy's calls
;   use @ping's entry token %t, and its call back to @ping makes @ping call
;   itself, with %t, as a recursive call may.
; * @walk(0) inlined into @kernel: the constant argument leaves @walk's call
;   to itself unreached, and the copy's convergent operation takes the
;   anchor %a. @walk(%n) and @ping(%n) stay calls: each callee calls itself
;   where the call would reach.
; expect-remark: inlined @pong into @ping (cost=always); entry token replaced by the call site's token
; expect-remark: inlined @walk into @kernel
; expect-remark: cannot inline @walk into @kernel: recursive
; expect-remark: cannot inline @ping into @kernel: recursive
; expect-output: call void @ping(i32 %m.i) [ "convergencectrl"(token %t) ]
; expect-output: call void @op() [ "convergencectrl"(token %a) ]
; expect-count: 2 = call token @llvm.experimental.convergence.entry()

declare void @op() convergent

define internal void @walk(i32 %n) convergent {
entry:
  %t = call token @llvm.experimental.convergence.entry()
  call void @op() [ "convergencectrl"(token %t) ]
  %stop = icmp eq i32 %n, 0
  br i1 %stop, label %done, label %more

more:
  %m = sub i32 %n, 1
  call void @walk(i32 %m) [ "convergencectrl"(token %t) ]
  br label %done

done:
  ret void
}

define internal void @ping(i32 %n) convergent {
entry:
  %t = call token @llvm.experimental.convergence.entry()
  call void @op() [ "convergencectrl"(token %t) ]
  call void @pong(i32 %n) [ "convergencectrl"(token %t) ]
  ret void
}

define internal void @pong(i32 %n) convergent alwaysinline {
entry:
  %t = call token @llvm.experimental.convergence.entry()
  %c = icmp sgt i32 %n, 0
  br i1 %c, label %more, label %done

more:
  %m = sub i32 %n, 1
  call void @ping(i32 %m) [ "convergencectrl"(token %t) ]
  call void @op() [ "convergencectrl"(token %t) ]
  br label %done

done:
  ret void
}

define void @kernel(i32 %n) convergent {
entry:
  %a = call token @llvm.experimental.convergence.anchor()
  call void @walk(i32 0) [ "convergencectrl"(token %a) ]
  call void @walk(i32 %n) [ "convergencectrl"(token %a) ]
  call void @ping(i32 %n) [ "convergencectrl"(token %a) ]
  ret void
}
