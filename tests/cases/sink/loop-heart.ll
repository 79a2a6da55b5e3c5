; RUN: -passes=sink
; A reduction controlled by a loop heart, used in a conditional block of
; the loop body under a divergent condition: the heart's threads of one
; iteration would be split. Refused. The uniform-condition copy in the same
; loop sinks.
; expect-remark: cannot sink %r.div: [entry-or-heart-token]
; expect-remark: sank %r.uni from %body to %uni.then
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare void @use(i32) nounwind willreturn

define amdgpu_kernel void @loop(i32 %n) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %header

header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %h = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %e) ]
  br label %body

body:
  %r.div = call i32 @subgroup_add(i32 %i) [ "convergencectrl"(token %h) ]
  %r.uni = call i32 @subgroup_add(i32 %n) [ "convergencectrl"(token %h) ]
  %div = icmp eq i32 %tid, %i
  br i1 %div, label %div.then, label %mid

div.then:
  call void @use(i32 %r.div)
  br label %mid

mid:
  %uni = icmp eq i32 %i, %n
  br i1 %uni, label %uni.then, label %latch

uni.then:
  call void @use(i32 %r.uni)
  br label %latch

latch:
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %header

exit:
  ret void
}
