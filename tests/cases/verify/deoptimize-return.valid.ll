; RULE: a call of llvm.experimental.deoptimize is followed by a ret of its value (valid: it is)
; expect: valid
declare i32 @llvm.experimental.deoptimize.i32(...)
declare void @llvm.experimental.deoptimize.isVoid(...)

define i32 @value(i32 %x) {
  %r = call i32 (...) @llvm.experimental.deoptimize.i32(i32 %x) [ "deopt"() ]
  ret i32 %r
}

define void @void(i32 %x) {
  call void (...) @llvm.experimental.deoptimize.isVoid(i32 %x) [ "deopt"() ]
  ret void
}
