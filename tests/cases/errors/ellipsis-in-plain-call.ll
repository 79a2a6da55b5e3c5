; expect: 5:24: unexpected ellipsis in argument list for non-musttail call
; Only a musttail call forwards variable arguments.
declare void @g(i32, ...)
define void @f(i32 %a, ...) {
  call void @g(i32 %a, ...)
  ret void
}
