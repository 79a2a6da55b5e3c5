; RUN: -passes=hoist
; Anchors in the two arms of a branch inside a loop body merge into the
; branch block, which is in the same loop: every iteration still gets its
; own anchor instance. (Hoisting an anchor out of the loop is forbidden,
; "anchor-cycle"; this pass never tries, since it only hoists into the
; immediate predecessor of the arms.)
; expect-remark: hoisted %tok1 from %then into %body, merged with %tok2 from %else
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @convergent.operation() convergent

define void @loop(i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %body

body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %c = icmp slt i32 %tid, %i
  br i1 %c, label %then, label %else

then:
  %tok1 = call token @llvm.experimental.convergence.anchor()
  call void @convergent.operation() [ "convergencectrl"(token %tok1) ]
  br label %latch

else:
  %tok2 = call token @llvm.experimental.convergence.anchor()
  call void @convergent.operation() [ "convergencectrl"(token %tok2) ]
  br label %latch

latch:
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %body

exit:
  ret void
}
