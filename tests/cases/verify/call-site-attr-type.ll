; RULE: a call site's return and argument attributes fit the types they are on
; expect-error: Attribute 'noalias' applied to incompatible type!
; expect-error: Attribute 'zeroext' applied to incompatible type!
; expect-error: Attribute 'nonnull' applied to incompatible type!
; expect-error: Attribute 'align 8' applied to incompatible type!
declare i32 @f()

declare ptr @g()

declare void @h(i32, ...)

define void @call_sites(ptr %p) {
  %a = call noalias i32 @f()
  %b = call zeroext ptr @g()
  call void (i32, ...) @h(i32 nonnull 0)
  call void (i32, ...) %p(i32 0, float align 8 0.0)
  ret void
}
