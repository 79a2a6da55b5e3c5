; RUN: -passes=always-inline,inline
; A call of llvm.experimental.deoptimize must be followed by a `ret` of its
; value, so once inlined it would have to return from the caller (LLVM
; rewrites it so, with the caller's return type and the call site's deopt
; state); that is not done here, and such a callee is not inlined rather
; than left with its deoptimize call before a branch (a broken module).
; expect-remark: cannot inline @callee into @caller: the callee calls llvm.experimental.deoptimize
; expect-count: 1 call i32 @callee(i32 %y)
; expect-count: 1 call i32 (...) @llvm.experimental.deoptimize.i32

declare i32 @llvm.experimental.deoptimize.i32(...)

define i32 @callee(i32 %x) alwaysinline {
entry:
  %c = icmp eq i32 %x, 0
  br i1 %c, label %d, label %r

d:
  %v = call i32 (...) @llvm.experimental.deoptimize.i32(i32 %x) [ "deopt"(i32 %x) ]
  ret i32 %v

r:
  ret i32 %x
}

define i32 @caller(i32 %y) {
  %a = call i32 @callee(i32 %y) [ "deopt"(i32 7) ]
  %b = add i32 %a, 1
  ret i32 %b
}
