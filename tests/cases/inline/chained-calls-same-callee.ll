; RUN: -passes=inline
; The second call takes the first one's result as its argument. Inlining
; the first does not bring the second in (only a call through the
; returned value would become a new call site), so the second is inlined
; too, not refused as a cycle through the callee and marked noinline.
; Compared with opt-22 -passes=inline: the same but for the names of the
; second copy (LLVM's %x.i1 and %y.i2, ours %x.i1 and %y.i1).
; expect-remark: inlined @f into @g
; expect-no-remark: cannot inline
; expect-count: 0 noinline
; expect-count: 0 call i32 @f(

define internal i32 @f(i32 %a) {
  %x = add i32 %a, 1
  %y = mul i32 %x, %a
  ret i32 %y
}

define i32 @g(i32 %a) {
  %p = call i32 @f(i32 %a)
  %q = call i32 @f(i32 %p)
  ret i32 %q
}
