; RULE: a return or parameter attribute fits the type it is on
; expect: valid
declare align 4 ptr @ret_ptr()

declare void @int_param(i8 zeroext, <2 x ptr> align 8)

declare void @out_param(ptr sret(i32) inreg)

define void @call_site() align 16 {
  %p = call ptr @ret_ptr()
  ret void
}
