; RULE: a load or store (with an alignment: without one, the reader rejects it) moves a sized type, and an atomic one a scalar or vector, not a target extension type
; expect: valid
define void @f(ptr %p) {
  %a = load target("aarch64.svcount"), ptr %p, align 4
  store target("aarch64.svcount") %a, ptr %p, align 4
  %b = load { i32, target("dx.RawBuffer", i32, 1, 0) }, ptr %p
  store { i32, target("dx.RawBuffer", i32, 1, 0) } %b, ptr %p
  %c = load target("spirv.Foo"), ptr %p
  store target("spirv.Foo") %c, ptr %p
  %d = load atomic <2 x i32>, ptr %p seq_cst, align 8
  ret void
}
