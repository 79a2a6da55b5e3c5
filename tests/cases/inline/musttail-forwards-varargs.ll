; RUN: -passes=inline
; The callee forwards its variable arguments with a musttail call. Inlined,
; that call must get the call site's variable arguments, with their
; attributes, and is musttail no more. Dropping them would call @sink with
; fewer arguments than the program passed (the executor sees it).
; expect-remark: inlined @forward into @caller
; expect-output: call void (i32, ...) @sink(i32 %a, i32 signext 7, i64 9)
declare void @sink(i32, ...)

define internal void @forward(i32 %x, ...) {
  musttail call void (i32, ...) @sink(i32 %x, ...)
  ret void
}

define void @caller(i32 %a) {
  call void (i32, ...) @forward(i32 %a, i32 signext 7, i64 9)
  ret void
}
