; RUN: -passes=simplifycfg
; The edge %b -> %head is never taken, but it keeps %b in the loop: threads
; that leave %head's self loop after different numbers of iterations reach
; the reduction in different iterations, apart. Folding the branch would
; take %b out of the loop and run them together (rule cycle-boundary), so
; the branch stays.
; expect-count: 1 br i1 false
target triple = "amdgcn-amd-amdhsa"
declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.workitem.id.x()

define i32 @f(i32 %n) convergent {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %head ], [ 100, %b ]
  %i.next = add i32 %i, 1
  %again = icmp slt i32 %i.next, %tid
  br i1 %again, label %head, label %b
b:

  %s = call i32 @subgroup_add(i32 %i)
  br i1 false, label %head, label %exit
exit:
  ret i32 %s
}
