; Target extension types: as parameters, allocas, globals, call results and
; the constants they have (zeroinitializer only where LLVM allows it).
target triple = "spirv64-unknown-unknown"

@queue = addrspace(1) global target("spirv.Queue") zeroinitializer
@image = external addrspace(1) global target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0)

declare target("spirv.Event") @make_event(i32)
declare void @use_matrix(target("spirv.CooperativeMatrixKHR", float, 3, 8, 8, 0))

define spir_func void @f(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %img, target("spirv.Sampler") %s) {
entry:
  %slot = alloca target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0), align 8
  store target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %img, ptr %slot, align 8
  %e = call target("spirv.Event") @make_event(i32 1)
  call void @use_matrix(target("spirv.CooperativeMatrixKHR", float, 3, 8, 8, 0) poison)
  call void @use_matrix(target("spirv.CooperativeMatrixKHR", float, 3, 8, 8, 0) zeroinitializer)
  ret void
}
