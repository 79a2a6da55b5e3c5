; RUN: -passes=hoist
; Found by an adversarial review: the anchor %a is inside the loop, and its
; groups are the implementation's choice, so one group may hold threads of
; different iterations. %c is uniform within an iteration but alternates
; between iterations: threads of one group may take different arms and run
; different reductions. Merging %x and %y would let them communicate.
; Refused.
; expect-remark: [divergent-branch]
; expect-unchanged
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare void @use(i32)
define amdgpu_kernel void @k(i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %a = call token @llvm.experimental.convergence.anchor()
  %odd = and i32 %i, 1
  %c = icmp eq i32 %odd, 0
  br i1 %c, label %A, label %B
A:
  %x = call i32 @subgroup_add(i32 %tid) [ "convergencectrl"(token %a) ]
  call void @use(i32 %x)
  br label %latch
B:
  %y = call i32 @subgroup_add(i32 %tid) [ "convergencectrl"(token %a) ]
  call void @use(i32 %y)
  br label %latch
latch:
  %i.next = add i32 %i, 1
  %lim = and i32 %tid, 3
  %cc = icmp ult i32 %i.next, %lim
  br i1 %cc, label %loop, label %exit
exit:
  ret void
}
