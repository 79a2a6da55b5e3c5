; RULE: a return or parameter attribute fits the type it is on
; expect-error: Attribute 'align 4' applied to incompatible type!
; expect-error: Attribute 'zeroext' applied to incompatible type!
; expect-error: Attribute 'align 4' does not apply to functions!
declare align 4 void @ret_void()

declare void @int_param(float zeroext)

define void @call_site() {
  call void @ret_void() align 4
  ret void
}
