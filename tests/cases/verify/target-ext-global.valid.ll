; RULE: a global variable's initializer is sized, it holds nothing scalable, and no target extension type that cannot be global (also inside arrays and structs)
; expect: valid
@handle = external global target("dx.RawBuffer", i32, 1, 0)
@barrier = global [2 x target("amdgcn.named.barrier", 0)] poison
@padding = global { i32, target("spirv.Padding", 4) } poison
@zeroable = global target("spirv.Foo") zeroinitializer
@in.struct = global { i32, target("spirv.Foo") } zeroinitializer
@image = external global target("spirv.Image", void, 0, 0, 0, 0, 0, 0, 0)
