; RUN: -passes=sink
; %x and %y are controlled by the anchor %a inside the loop, back to back:
; every group of %a runs both or neither. A group may hold threads of
; different iterations (the anchor's threads are the implementation's
; choice), and %c alternates between iterations, so sinking %x alone into
; %A would let %x and %y be executed by different threads of one group.
; Refused. In @alone, %x has no partner: the threads of a group that reach
; %A are a group the implementation could have chosen, so it sinks.
; expect-remark: cannot sink %x: [divergent-branch]
; expect-remark: sank %z from %loop to %A
; expect-count: 1 %x = call i32 @subgroup_add(i32 %tid) [ "convergencectrl"(token %a) ]
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare void @use(i32) nounwind willreturn

define amdgpu_kernel void @k(i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %a = call token @llvm.experimental.convergence.anchor()
  %y = call i32 @subgroup_add(i32 %tid) [ "convergencectrl"(token %a) ]
  %x = call i32 @subgroup_add(i32 %tid) [ "convergencectrl"(token %a) ]
  call void @use(i32 %y)
  %odd = and i32 %i, 1
  %c = icmp eq i32 %odd, 0
  br i1 %c, label %A, label %latch

A:
  call void @use(i32 %x)
  br label %latch

latch:
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

define amdgpu_kernel void @alone(i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %a = call token @llvm.experimental.convergence.anchor()
  %z = call i32 @subgroup_add(i32 %tid) [ "convergencectrl"(token %a) ]
  %odd = and i32 %i, 1
  %c = icmp eq i32 %odd, 0
  br i1 %c, label %A, label %latch

A:
  call void @use(i32 %z)
  br label %latch

latch:
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
