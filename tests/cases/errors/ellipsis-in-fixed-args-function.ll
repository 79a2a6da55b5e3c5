; expect: 5:33: unexpected ellipsis in argument list for musttail call in non-varargs function
; A function without variable arguments has none to forward.
declare void @g(i32, ...)
define void @f(i32 %a) {
  musttail call void @g(i32 %a, ...)
  ret void
}
