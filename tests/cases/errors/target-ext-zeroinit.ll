; expect: 6:65: invalid type for null constant
; spirv.Image has no zero value in LLVM 22.
declare void @g(target("spirv.Image", void, 0, 0, 0, 0, 0, 0, 0))

define void @f() {
  call void @g(target("spirv.Image", void, 0, 0, 0, 0, 0, 0, 0) zeroinitializer)
  ret void
}
