; expect: equivalent
; The two freezes merged into one: both uses see the same value, one of the
; behaviours two freezes allow.
declare void @use(i32)

define void @f(i32 %x) {
entry:
  %p = add nsw i32 %x, 2147483647
  %a = freeze i32 %p
  call void @use(i32 %a)
  call void @use(i32 %a)
  ret void
}
