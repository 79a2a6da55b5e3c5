; RULE: an alloca holds no target extension type that cannot live on the stack (also inside arrays and structs), and nothing unsized: a void-layout type, or a struct mixing a scalable type with others
; expect-error: Alloca has illegal target extension type
; expect-error: Alloca has illegal target extension type
; expect-error: Alloca has illegal target extension type
; expect-error: Cannot allocate unsized type
; expect-error: Cannot allocate unsized type
; expect-error: Cannot allocate unsized type
define void @f() {
  %barrier = alloca target("amdgcn.named.barrier", 0)
  %in.struct = alloca { i32, target("amdgcn.named.barrier", 0) }
  %padding = alloca [2 x target("spirv.Padding", 4)], align 4
  %literal = alloca target("spirv.Literal"), align 4
  %mixed = alloca { i32, target("aarch64.svcount") }, align 4
  %nested = alloca { { <vscale x 4 x i32> } }, align 4
  ret void
}
