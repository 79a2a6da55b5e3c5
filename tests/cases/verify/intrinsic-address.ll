; RULE: an intrinsic is only called, never used as a value
; expect-error: Invalid user of intrinsic instruction!
; expect-error: Invalid user of intrinsic instruction!
; expect-error: Cannot take the address of an intrinsic!
@llvm.used = appending global [1 x ptr] [ptr @llvm.not.known], section "llvm.metadata"

declare void @llvm.donothing()

declare void @llvm.not.known()

declare void @g(ptr)

define void @address_taken() {
  call void @g(ptr @llvm.donothing)
  ret void
}
