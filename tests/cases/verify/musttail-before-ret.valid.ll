; RULE: a musttail call is followed by a ret (after an optional bitcast)
; expect: valid
declare i32 @ext(i32)

define i32 @f(i32 %x) {
  %r = musttail call i32 @ext(i32 %x)
  ret i32 %r
}
