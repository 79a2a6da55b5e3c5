; RUN: -passes=sink
; An atomic load from one address gives one value per wave (one instruction
; for the wave), and LLVM counts it as uniform; but the waves of the entry
; token's group (a workgroup) run it at different times, and another agent
; may write between them without a race. The branch on it may split the
; group of %q: sinking %q under it is refused.
; expect-remark: cannot sink %q: [entry-or-heart-token]
; expect-unchanged
target triple = "amdgcn-amd-amdhsa"
declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare void @use(i32) nounwind willreturn
define amdgpu_kernel void @k(i32 %x, ptr addrspace(1) %p) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %q = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
  %w = load atomic i32, ptr addrspace(1) %p monotonic, align 4
  %c = icmp eq i32 %w, 0
  br i1 %c, label %then, label %end
then:
  call void @use(i32 %q)
  br label %end
end:
  ret void
}
