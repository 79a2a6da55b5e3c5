; RULE: llvm.global_ctors, llvm.global_dtors, llvm.used and llvm.compiler.used are appending arrays of the right element type that nothing uses (LLVM 22's verifier)
; expect-error: the third field of the element type is mandatory, specify ptr null to migrate from the obsoleted 2-field form
; expect-error: wrong type for intrinsic global variable
; expect-error: invalid linkage for intrinsic global variable
; expect-error: invalid uses of intrinsic global variable
@llvm.global_ctors = appending global [1 x { i32, ptr }] zeroinitializer
@llvm.global_dtors = appending global [1 x { i64, ptr, ptr }] zeroinitializer
@llvm.used = global [1 x ptr] [ptr @f]
@llvm.compiler.used = appending global [1 x ptr] [ptr @f]

define ptr @f() {
  ret ptr @llvm.compiler.used
}
