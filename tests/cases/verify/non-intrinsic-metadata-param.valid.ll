; RULE: only intrinsics take metadata or token parameters
; expect: valid
; Any llvm.* function counts as an intrinsic here, known to LLVM or not;
; metadata among the variable arguments of a call is allowed.
declare void @llvm.not.known(metadata, token)

declare void @varargs(...)

define void @calls() {
  call void @llvm.not.known(metadata !0, token none)
  call void (...) @varargs(metadata !0)
  ret void
}

!0 = !{}
