; RUN: -passes=inline
; @g's latch %x -> %h is taken only when %p is true; the call passes false.
; Its loop keeps the self edge of %h, and the reduction in %x is in it:
; threads that leave after different iterations are apart there. Folding
; the latch away would put %x after the loop, and them together. The
; branch stays (rule irreducible-edge, asked on the callee).
; expect-count: 1 br i1 false
; expect-count: 0 call i32 @g(
target triple = "amdgcn-amd-amdhsa"

declare i32 @subgroup_add(i32) convergent
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @record(i32)

define internal i32 @g(i32 %tid, i1 %p) convergent {
entry:
  br label %h

h:
  %i = phi i32 [ 0, %entry ], [ %i1, %h ], [ %i1, %x ]
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %tid
  br i1 %c, label %h, label %x

x:
  %r = call i32 @subgroup_add(i32 %tid)
  br i1 %p, label %h, label %exit

exit:
  ret i32 %r
}

define amdgpu_kernel void @k(i32 %n) convergent {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %r = call i32 @g(i32 %tid, i1 false)
  call void @record(i32 %r)
  ret void
}
