; RUN: -passes=inline
; The calls sit in a loop of the caller: the callee's return leads back to
; the loop's header, so every block of the copy that reaches a return is in
; that loop. With %p false, the edge of @g's %entry to %ret is never taken,
; but it is %entry's only way to a return: folding it would take the
; reduction out of the caller's loop while the loop stays, and threads that
; reach it in different iterations (thread i in iteration i), apart there,
; would be together. The edge is on no cycle of @g, so the callee alone
; says nothing; the branch stays (rule irreducible-edge, the caller's cycle).
; In @g2 each of two folds leaves a way to a return, but not both: the
; second stays.
; expect-count: 0 call i32 @g(
; expect-count: 0 call i32 @g2(
; expect-count: 1 br i1 false, label %g.exit, label %spin.i
; expect-count: 1 br i1 false, label %g2.exit, label %spin.i
target triple = "amdgcn-amd-amdhsa"

declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.workitem.id.x()
@out = global [64 x i32] zeroinitializer

define internal i32 @g(i32 %tid, i1 %p) convergent {
entry:
  %s = call i32 @subgroup_add(i32 1)
  %at = getelementptr [64 x i32], ptr @out, i32 0, i32 %tid
  store i32 %s, ptr %at
  br i1 %p, label %ret, label %spin

spin:
  br label %spin

ret:
  ret i32 %s
}

define i32 @f() convergent {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %mine = icmp eq i32 %i, %tid
  br i1 %mine, label %call, label %latch

call:
  %r = call i32 @g(i32 %tid, i1 false)
  br label %latch

latch:
  %i.next = add i32 %i, 1
  %again = icmp slt i32 %i.next, 64
  br i1 %again, label %loop, label %exit

exit:
  ret i32 %i.next
}

define internal i32 @g2(i32 %tid, i1 %p, i1 %q) convergent {
entry:
  %s = call i32 @subgroup_add(i32 1)
  %at = getelementptr [64 x i32], ptr @out, i32 0, i32 %tid
  store i32 %s, ptr %at
  br i1 %p, label %r1, label %a

a:
  br i1 %q, label %r2, label %spin

spin:
  br label %spin

r1:
  ret i32 %s

r2:
  ret i32 0
}

define i32 @f2() convergent {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %mine = icmp eq i32 %i, %tid
  br i1 %mine, label %call, label %latch

call:
  %r = call i32 @g2(i32 %tid, i1 false, i1 false)
  br label %latch

latch:
  %i.next = add i32 %i, 1
  %again = icmp slt i32 %i.next, 64
  br i1 %again, label %loop, label %exit

exit:
  ret i32 %i.next
}
