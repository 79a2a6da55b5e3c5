; RUN: -passes=jump-threading
; Found by the second adversarial review: the anchor %a is in the loop and
; its group may hold threads of different iterations; %x pins that group.
; %c differs between iterations, so threading %p -> %j (or %h -> %j) would
; split threads of one group between two copies of %y. Refused.
; expect-remark: [duplicate-under-divergence]
; expect-count: 1 %y = call i32 @op
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @op(i32) convergent
declare void @use(i32)

define amdgpu_kernel void @k(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %h
h:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %a = call token @llvm.experimental.convergence.anchor()
  %x = call i32 @op(i32 %i) [ "convergencectrl"(token %a) ]
  call void @use(i32 %x)
  %c = icmp eq i32 %i, 2
  br i1 %c, label %p, label %j
p:
  call void @use(i32 1)
  br label %j
j:
  %f = phi i1 [ true, %p ], [ false, %h ]
  %y = call i32 @op(i32 %i) [ "convergencectrl"(token %a) ]
  br i1 %f, label %t, label %latch
t:
  call void @use(i32 %y)
  br label %latch
latch:
  %i.next = add i32 %i, 1
  %e = icmp slt i32 %i.next, %tid
  br i1 %e, label %h, label %exit
exit:
  ret void
}
