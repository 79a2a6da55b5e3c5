; RUN: -passes=jump-threading
; The latch edge %x -> %h is never taken, but the loop keeps its self edge
; at %h. The reduction in %x is in the loop: a thread that leaves after one
; iteration and one that leaves after two are apart there. Without the
; edge %x is after the loop and they would be together. Refused (rule
; irreducible-edge); the branch stays.
; expect-count: 1 br i1 false
; expect-remark: [irreducible-edge] removing the never-taken edge %x -> %h takes %x out of the loop with header %h
target triple = "amdgcn-amd-amdhsa"

declare i32 @subgroup_add(i32) convergent
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @record(i32)

define amdgpu_kernel void @k(i32 %n) convergent {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %h

h:
  %i = phi i32 [ 0, %entry ], [ %i1, %h ], [ %i1, %x ]
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %tid
  br i1 %c, label %h, label %x

x:
  %r = call i32 @subgroup_add(i32 %tid)
  br i1 false, label %h, label %exit

exit:
  call void @record(i32 %r)
  ret void
}
