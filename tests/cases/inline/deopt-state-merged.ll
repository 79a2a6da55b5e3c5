; RUN: -passes=inline
; Deoptimizing at a call inlined from @callee must rebuild @caller's frame
; as well as @callee's: the call site's deopt state goes first in the
; inlined call's deopt bundle (as in LLVM). A call without a deopt bundle
; gets none. Same output as opt-22 -passes=inline.
; expect-remark: inlined @callee into @caller
; expect-output: call void @may_deopt(i32 %x) [ "deopt"(i32 1, i32 %x, i32 5) ]
; expect-output: call void @other(i32 %x)
declare void @may_deopt(i32)
declare void @other(i32)

define internal void @callee(i32 %a) {
  call void @may_deopt(i32 %a) [ "deopt"(i32 5) ]
  call void @other(i32 %a)
  ret void
}

define void @caller(i32 %x) {
  call void @callee(i32 %x) [ "deopt"(i32 1, i32 %x) ]
  ret void
}
