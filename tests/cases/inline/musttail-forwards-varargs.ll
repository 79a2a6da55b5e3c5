; RUN: -passes=inline
; The callee forwards its variable arguments with a musttail call. Inlined,
; that call must get the call site's variable arguments, with their
; attributes (a byval one is passed on, not copied: the callee never owned
; it), and is musttail no more. Dropping them would call @sink with fewer
; arguments than the program passed.
; expect-remark: inlined @forward into @caller
; expect-output: call void (i32, ...) @sink(i32 %a, i32 signext 7, ptr byval(i32) %p)
; expect-count: 0 alloca
declare void @sink(i32, ...)

define internal void @forward(i32 %x, ...) {
  musttail call void (i32, ...) @sink(i32 %x, ...)
  ret void
}

define void @caller(i32 %a, ptr %p) {
  call void (i32, ...) @forward(i32 %a, i32 signext 7, ptr byval(i32) %p)
  ret void
}
