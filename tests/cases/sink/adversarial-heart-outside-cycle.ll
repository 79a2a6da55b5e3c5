; RUN: -passes=sink
; A loop intrinsic outside any cycle (what full unrolling leaves) must still
; come first among the convergent operations of its block: sinking %q to the
; start of %then would put it before %h. Refused.
; expect-remark: cannot sink %q: [token-placement]
; expect-unchanged
target triple = "amdgcn-amd-amdhsa"
declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare void @use(i32) nounwind willreturn
define amdgpu_kernel void @k(i32 %x, i1 %u) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %q = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
  br i1 %u, label %then, label %end
then:
  %h = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %e) ]
  %y = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %h) ]
  call void @use(i32 %q)
  call void @use(i32 %y)
  br label %end
end:
  ret void
}
