; RULE: a load or store (with an alignment: without one, the reader rejects it) moves a sized type, and an atomic one a scalar or vector, not a target extension type
; expect-error: loading unsized types is not allowed
; expect-error: storing unsized types is not allowed
; expect-error: loading unsized types is not allowed
; expect-error: atomic load operand must have integer, pointer, floating point, or vector type!
; expect-error: atomic store operand must have integer, pointer, floating point, or vector type!
define void @f(ptr %p, target("foo.bar") %v) {
  %a = load target("foo.bar"), ptr %p, align 4
  store target("foo.bar") %v, ptr %p, align 4
  %b = load { i32, target("riscv.vector.tuple", <vscale x 8 x i8>, 2) }, ptr %p, align 4
  %c = load atomic target("spirv.Foo"), ptr %p seq_cst, align 8
  store atomic target("spirv.Foo") %c, ptr %p seq_cst, align 8
  ret void
}
