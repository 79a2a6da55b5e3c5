; RUN: -passes=sink
; llvm.amdgcn.ballot of a uniform condition is the mask of the lanes running
; in the wave: the same within one wave, and LLVM counts it as uniform, but
; a workgroup's last wave may be partial, so it differs between the waves
; of the entry token's group. Sinking the reduction %q under a branch on it
; would drop that wave's threads. Refused: a ballot does not follow its
; operands the way readfirstlane does.
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
  %b = call i64 @llvm.amdgcn.ballot.i64(i1 true) [ "convergencectrl"(token %e) ]
  %c = icmp eq i64 %b, -1
  br i1 %c, label %then, label %end
then:
  call void @use(i32 %q)
  br label %end
end:
  ret void
}
