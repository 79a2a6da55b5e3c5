; Two freezes of the same value that is poison for some arguments: each may
; pick its own value.
declare void @use(i32)

define void @f(i32 %x) {
entry:
  %p = add nsw i32 %x, 2147483647
  %a = freeze i32 %p
  %b = freeze i32 %p
  call void @use(i32 %a)
  call void @use(i32 %b)
  ret void
}
