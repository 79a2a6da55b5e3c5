; RUN: -passes=sink
; `freeze` of poison picks a value in each thread; nothing makes the threads
; of a group pick the same one (waves of a workgroup start with different
; garbage in the scalar register it becomes). The branch on it may split the
; group of %q: sinking %q under it is refused. (LLVM counts it uniform.)
; expect-remark: cannot sink %q: [entry-or-heart-token]
; expect-unchanged
target triple = "amdgcn-amd-amdhsa"
declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare void @use(i32) nounwind willreturn
declare i64 @llvm.amdgcn.ballot.i64(i1)
define amdgpu_kernel void @k(i32 %x) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %q = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
  %b = freeze i64 poison
  %c = icmp eq i64 %b, -1
  br i1 %c, label %then, label %end
then:
  call void @use(i32 %q)
  br label %end
end:
  ret void
}
