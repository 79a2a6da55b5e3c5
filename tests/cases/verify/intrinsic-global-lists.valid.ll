; RULE: llvm.global_ctors, llvm.global_dtors, llvm.used and llvm.compiler.used are appending arrays of the right element type that nothing uses (valid: they are)
; expect: valid
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @f, ptr null }]
@llvm.global_dtors = appending global [0 x { i32, ptr, ptr }] zeroinitializer
@llvm.used = appending global [2 x ptr] [ptr @f, ptr @g]
@llvm.compiler.used = appending global [1 x ptr] [ptr addrspacecast (ptr addrspace(1) @h to ptr)]
@g = global i32 0
@h = addrspace(1) global i32 0

define void @f() {
  ret void
}
