; RUN: -passes=inline
; Inlining @f2 turns its call through %foo into a direct call of @f1, and
; inlining that one turns the call through %bar into a direct call of
; @f2 again: the cycle goes through function pointers, not the call graph.
; A call brought in by inlining a function is not inlined into that
; function's copy again (LLVM's inline history), and it is marked noinline
; so that later runs do not go round either.
; expect-remark: inlined @f2 into @top
; expect-remark: inlined @f1 into @top
; expect-remark: cannot inline @f2 into @top: the call was brought in by inlining the callee itself
; expect-count: 1 call void @f2(i32 122, ptr @f1, ptr @f2) #0
; expect-output: attributes #0 = { noinline }

@g = global i32 0

define internal void @f1(i32 %x, ptr %foo, ptr %bar) {
  %s = sub nsw i32 %x, 1
  call void %bar(i32 %s, ptr %foo, ptr %bar)
  store volatile i32 42, ptr @g, align 4
  ret void
}

define internal void @f2(i32 %x, ptr %foo, ptr %bar) {
  %c = icmp slt i32 %x, 0
  br i1 %c, label %done, label %more

more:
  call void %foo(i32 %x, ptr %foo, ptr %bar)
  store volatile i32 13, ptr @g, align 4
  ret void

done:
  ret void
}

define void @top() {
  call void @f2(i32 123, ptr @f1, ptr @f2)
  ret void
}
