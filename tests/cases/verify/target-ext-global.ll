; RULE: a global variable's initializer is sized, it holds nothing scalable, and no target extension type that cannot be global (also inside arrays and structs)
; expect-error: Global @unknown has illegal target extension type
; expect-error: Global @literal has illegal target extension type
; expect-error: Globals cannot contain scalable types
; expect-error: Globals cannot contain scalable types
; expect-error: Global variable initializer must be sized
; expect-error: Global variable initializer must be sized
; expect-error: Globals cannot contain scalable types
@unknown = external global target("foo.bar")
@literal = external global { i32, target("spirv.Literal") }
@count = external global [2 x target("aarch64.svcount")]
@tuple = global target("riscv.vector.tuple", <vscale x 8 x i8>, 2) zeroinitializer
@unsized = global { i32, target("foo.bar") } poison
@mixed = global { i32, target("aarch64.svcount") } zeroinitializer
@vscale = addrspace(1) global <vscale x 4 x i32> zeroinitializer
