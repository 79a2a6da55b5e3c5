; RUN: -passes=inline
; A convergent call without a token into a callee that uses the entry
; intrinsic: nothing can replace the entry token. Refused with LLVM's
; message; the call stays.
; expect-remark: cannot inline @callee into @caller: [inline-needs-token] convergent call needs convergencectrl operand
; expect-unchanged
declare void @convergent_operation() convergent

define void @callee() convergent alwaysinline {
entry:
  %tok = call token @llvm.experimental.convergence.entry()
  call void @convergent_operation() [ "convergencectrl"(token %tok) ]
  ret void
}

define void @caller() convergent {
entry:
  call void @callee()
  ret void
}
