; RUN: -passes=sink
; Found by an adversarial review: readfirstlane is uniform within one wave,
; but the entry token's group is the environment's choice and may be a
; whole workgroup of several waves. %c then differs between threads of
; %x's group: sinking %x under it is refused.
; expect-remark: cannot sink %x: [entry-or-heart-token]
; expect-unchanged
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.readfirstlane.i32(i32) convergent nounwind willreturn memory(none)
declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare void @use(i32)
define amdgpu_kernel void @k(i32 %n) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %x = call i32 @subgroup_add(i32 %tid) [ "convergencectrl"(token %e) ]
  %r = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %tid) [ "convergencectrl"(token %e) ]
  %c = icmp eq i32 %r, 0
  br i1 %c, label %A, label %end
A:
  call void @use(i32 %x)
  br label %end
end:
  ret void
}
