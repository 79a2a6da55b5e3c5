; RUN: -passes=dce
; @llvm.memmove and @llvm.sideeffect are declared here as `nounwind
; willreturn memory(none)`, which would make their calls dead. LLVM gives
; intrinsics it knows its own attributes instead (opt-22 prints
; `memory(argmem: readwrite)` and `memory(inaccessiblemem: readwrite)`):
; the move writes %dst, and both calls stay.
; expect-count: 1 call void @llvm.memmove.p1.p1.i64(
; expect-count: 1 call void @llvm.sideeffect()
target triple = "amdgcn-amd-amdhsa"

declare void @llvm.memmove.p1.p1.i64(ptr addrspace(1), ptr addrspace(1), i64, i1 immarg) nounwind willreturn memory(none)
declare void @llvm.sideeffect() nounwind willreturn memory(none)

define amdgpu_kernel void @k(ptr addrspace(1) %dst, ptr addrspace(1) %src) {
entry:
  call void @llvm.memmove.p1.p1.i64(ptr addrspace(1) %dst, ptr addrspace(1) %src, i64 8, i1 false)
  call void @llvm.sideeffect()
  ret void
}
