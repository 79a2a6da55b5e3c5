; expect: 6:31: expected '...' at end of argument list for musttail call in varargs function
; A musttail call in a function with variable arguments forwards them, so it
; must end its argument list with '...'.
declare void @g(i32, ...)
define void @f(i32 %a, ...) {
  musttail call void @g(i32 %a)
  ret void
}
