; RULE: a musttail call is followed by a ret (after an optional bitcast)
; expect-error: musttail call must precede a ret with an optional bitcast
declare i32 @ext(i32)

define i32 @f(i32 %x) {
  %r = musttail call i32 @ext(i32 %x)
  %s = add i32 %r, 1
  ret i32 %s
}
