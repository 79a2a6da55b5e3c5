; expect: not equivalent
; The freeze duplicated into its two uses: each copy picks its own value
; where %p is poison (positive %x), so the difference need not be zero.
declare void @use(i32)

define void @f(i32 %x) {
entry:
  %p = add nsw i32 %x, 2147483647
  %fr = freeze i32 %p
  %fr2 = freeze i32 %p
  %d = sub i32 %fr, %fr2
  call void @use(i32 %d)
  ret void
}
