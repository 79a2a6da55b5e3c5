; RUN: -passes=sink
; Class 5 of the legality review: %first is a readfirstlane under the
; anchor %a. It is the same for the threads of one of %a's groups, but the
; groups are the implementation's choice, so it may differ between groups
; of the entry token's threads. A branch on it is divergent for %x, which
; is controlled by the entry token: sinking %x under it is refused.
; expect-remark: cannot sink %x: [entry-or-heart-token]
; expect-no-remark: sank %x
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.readfirstlane.i32(i32)
declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare void @use(i32) nounwind willreturn
define amdgpu_kernel void @k(i32 %n) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %x = call i32 @subgroup_add(i32 %tid) [ "convergencectrl"(token %e) ]
  %a = call token @llvm.experimental.convergence.anchor()
  %first = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %tid) [ "convergencectrl"(token %a) ]
  %cu = icmp eq i32 %first, 0
  br i1 %cu, label %A, label %end
A:
  call void @use(i32 %x)
  br label %end
end:
  ret void
}
