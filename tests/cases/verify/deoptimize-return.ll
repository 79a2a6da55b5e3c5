; RULE: a call of llvm.experimental.deoptimize is followed by a ret of its value
; (LLVM 22's verifier; a pass that hoisted the call or merged the return
; into another block would leave it followed by something else)
; expect-error: calls to experimental_deoptimize must be followed by a return
; expect-error: calls to experimental_deoptimize must be followed by a return of the value computed by experimental_deoptimize
declare i32 @llvm.experimental.deoptimize.i32(...)

define i32 @branch_after(i32 %x, i1 %c) {
entry:
  %r = call i32 (...) @llvm.experimental.deoptimize.i32(i32 %x) [ "deopt"() ]
  br i1 %c, label %a, label %b

a:
  ret i32 %r

b:
  ret i32 %r
}

define i32 @other_value(i32 %x) {
  %r = call i32 (...) @llvm.experimental.deoptimize.i32(i32 %x) [ "deopt"() ]
  ret i32 %x
}
