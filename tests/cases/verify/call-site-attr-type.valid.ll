; RULE: a call site's return and argument attributes fit the types they are on
; expect: valid
declare i32 @f()

declare ptr @g()

declare void @h(i32, ...)

declare i32 @llvm.ctpop.i32(i32)

; `writeonly` fits any type (unlike `readonly` and `readnone`).
declare void @wo(i32 writeonly)

; `alignstack` is also a return attribute.
declare alignstack(8) i32 @as()

define void @call_sites(ptr %p, i32 %x) {
  %a = call zeroext i32 @f()
  %b = call noalias nonnull ptr @g()
  call void (i32, ...) @h(i32 signext 0, ptr nonnull align 8 %p)
  call void (i32, ...) %p(i32 0, ptr noundef %p)
  %c = call noundef i32 @llvm.ctpop.i32(i32 noundef %x)
  call void @wo(i32 writeonly %x)
  ret void
}
