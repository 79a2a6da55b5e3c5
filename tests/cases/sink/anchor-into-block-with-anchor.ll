; RUN: -passes=sink
; Class 8 of the legality review: two anchors in one block break no static
; rule (only loop and entry intrinsics must come first in their block).
; The anchor %a sinks with its only user into %then, which already holds
; the anchor %b.
; expect-remark: sank anchor %a together with the users of its token %x from %entry to %then
; expect-count: 2 call token @llvm.experimental.convergence.anchor()
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare void @use(i32) nounwind willreturn
define amdgpu_kernel void @k(i32 %n) convergent {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %a = call token @llvm.experimental.convergence.anchor()
  %x = call i32 @subgroup_add(i32 %tid) [ "convergencectrl"(token %a) ]
  %c = icmp eq i32 %tid, 0
  br i1 %c, label %then, label %end
then:
  %b = call token @llvm.experimental.convergence.anchor()
  %y = call i32 @subgroup_add(i32 %tid) [ "convergencectrl"(token %b) ]
  call void @use(i32 %y)
  call void @use(i32 %x)
  br label %end
end:
  ret void
}
