; RULE: an alloca holds no target extension type that cannot live on the stack (also inside arrays and structs), and nothing unsized: a void-layout type, or a struct mixing a scalable type with others
; expect: valid
define void @f() {
  %handle = alloca { i32, target("dx.RawBuffer", i32, 1, 0) }
  %image = alloca [2 x target("spirv.Image", void, 0, 0, 0, 0, 0, 0, 0)]
  %count = alloca target("aarch64.svcount")
  %counts = alloca [2 x target("aarch64.svcount")]
  %tuple = alloca target("riscv.vector.tuple", <vscale x 8 x i8>, 2)
  %same = alloca { <vscale x 4 x i32>, <vscale x 4 x i32> }
  %vec = alloca <2 x target("llvm.test.vectorelement")>
  ret void
}
