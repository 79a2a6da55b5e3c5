; RULE: an intrinsic is only called, never used as a value
; expect: valid
; Calls of intrinsics (known to LLVM or not), references from metadata and
; the operands of a clang.arc.attachedcall bundle do not take an address.
declare void @llvm.donothing()

declare void @llvm.not.known()

declare ptr @llvm.objc.retainAutoreleasedReturnValue(ptr) nounwind

declare ptr @g()

define void @calls() {
  call void @llvm.donothing(), !my.kind !0
  call void @llvm.not.known()
  %r = call ptr @g() [ "clang.arc.attachedcall"(ptr @llvm.objc.retainAutoreleasedReturnValue) ]
  ret void
}

!0 = !{ptr @llvm.donothing}
