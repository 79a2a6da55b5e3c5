; RUN: -passes=sink
; %x post-dominates the loop header %h, but only through the back edge
; %h -> %h: a thread may go round %h several times before it reaches %x.
; %a is controlled by the heart %hh, one dynamic instance per iteration;
; sinking it into %x would leave out of each iteration's instance the
; threads that go round again, whose %tid is larger. Refused. In @uniform
; the back edge's condition is the same for all threads, so every thread
; of an iteration reaches %x or none does, and %b sinks.
; expect-remark: cannot sink %a: [entry-or-heart-token]
; expect-remark: sank %b from %h to %x
; expect-count: 1 %a = call i32 @subgroup_add(i32 1) [ "convergencectrl"(token %hh) ]
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)

define amdgpu_kernel void @k(i32 %n, ptr addrspace(1) %out) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %h
h:
  %i = phi i32 [ 0, %entry ], [ %i1, %h ], [ %i1, %x ]
  %hh = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %e) ]
  %a = call i32 @subgroup_add(i32 1) [ "convergencectrl"(token %hh) ]
  %i1 = add i32 %i, 1
  %d = icmp ult i32 %i1, %tid
  br i1 %d, label %h, label %x
x:
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %a, ptr addrspace(1) %p
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %h, label %exit
exit:
  ret void
}

define amdgpu_kernel void @uniform(i32 %n, i32 %m, ptr addrspace(1) %out) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %h
h:
  %i = phi i32 [ 0, %entry ], [ %i1, %h ], [ %i1, %x ]
  %hh = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %e) ]
  %b = call i32 @subgroup_add(i32 1) [ "convergencectrl"(token %hh) ]
  %i1 = add i32 %i, 1
  %d = icmp ult i32 %i1, %m
  br i1 %d, label %h, label %x
x:
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %b, ptr addrspace(1) %p
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %h, label %exit
exit:
  ret void
}
