; expect: equivalent
; Each freeze of undef folded to a constant: one of the values it may take
; (the branch folded to its true side, as if the freeze gave true).
declare void @use(i32)

define void @f(i32 %x) {
entry:
  call void @use(i32 0)
  call void @use(i32 %x)
  ret void
}
