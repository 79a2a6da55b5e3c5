; RULE: a musttail call and its caller agree on everything the frame depends on (valid: they do, or differ only where allowed)
; expect: valid
declare i32 @num(i32)
declare ptr @give()
declare void @want_inreg(ptr inreg)
declare void @plain(ptr)
declare void @va(i32, ...)
declare tailcc void @tc(i32, i64)
declare swifttailcc void @stc(ptr swiftself)
declare ptr @llvm.returnaddress(i32)

define i32 @same_signature(i32 %x) {
  %r = musttail call i32 @num(i32 %x)
  ret i32 %r
}

define i32 @undef_returned(i32 %x) {
  %r = musttail call i32 @num(i32 %x)
  ret i32 undef
}

define i32 @poison_returned(i32 %x) {
  %r = musttail call i32 @num(i32 %x)
  ret i32 poison
}

define ptr @through_a_bitcast() {
  %r = musttail call ptr @give()
  %c = bitcast ptr %r to ptr
  ret ptr %c
}

; Only the call's own attributes count, not the callee's declaration.
define void @declaration_attrs_ignored(ptr %p) {
  musttail call void @want_inreg(ptr %p)
  ret void
}

; align changes nothing without byval or byref.
define void @align_alone(ptr align 8 %p) {
  musttail call void @plain(ptr %p)
  ret void
}

define void @sret_matches(ptr sret(i32) %p) {
  musttail call void @sret_callee(ptr sret(i32) %p)
  ret void
}

declare void @sret_callee(ptr sret(i32))

define void @forwards_varargs(i32 %a, ...) {
  musttail call void (i32, ...) @va(i32 %a, ...)
  ret void
}

define void @forwards_no_fixed_args(...) {
  musttail call void (...) @va_only(...)
  ret void
}

declare void @va_only(...)

define tailcc void @tailcc_parameters_may_differ(ptr %p) {
  musttail call tailcc void @tc(i32 1, i64 2)
  ret void
}

define swifttailcc void @swifttailcc_swiftself(ptr swiftself %p) {
  musttail call swifttailcc void @stc(ptr swiftself %p)
  ret void
}

; An intrinsic's parameters are not compared.
define ptr @intrinsic() {
  %r = musttail call ptr @llvm.returnaddress(i32 0)
  ret ptr %r
}
