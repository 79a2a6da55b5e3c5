; RUN: -passes=inline
; @g's loop at %h has two latches out of %x's successors: %l1 (taken when
; %p) and %l2 (taken when %q), and a self edge through %s that keeps it.
; The call passes false for both. Either fold alone leaves %x in the loop
; (it still gets back to %h over the other latch), but both together take
; %x out of the loop while the loop stays: threads that reach the
; reduction after different iterations would be grouped together. The
; cleanup judges the edges it removes together, so one latch stays.
; expect-count: 1 br i1 false
; expect-count: 0 call i32 @g(
target triple = "amdgcn-amd-amdhsa"

declare i32 @subgroup_add(i32) convergent
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @record(i32)

define internal i32 @g(i32 %tid, i1 %p, i1 %q) convergent {
entry:
  br label %h

h:
  %i = phi i32 [ 0, %entry ], [ %i1, %s ], [ %i1, %l1 ], [ %i1, %l2 ]
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %tid
  br i1 %c, label %s, label %x

s:
  br label %h

x:
  %r = call i32 @subgroup_add(i32 %tid)
  %odd = trunc i32 %i1 to i1
  br i1 %odd, label %l1, label %l2

l1:
  br i1 %p, label %h, label %exit

l2:
  br i1 %q, label %h, label %exit

exit:
  ret i32 %r
}

define amdgpu_kernel void @k(i32 %n) convergent {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %r = call i32 @g(i32 %tid, i1 false, i1 false)
  call void @record(i32 %r)
  ret void
}
