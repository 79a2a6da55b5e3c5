; RUN: -passes=instsimplify
; Convergent code: the reduction's operand simplifies to %x (equal in every
; thread, so the reduction communicates the same values among the same
; threads); a reduction whose only use folds away (`mul %s, 0`) has no
; effect left and goes, and so do the anchor nothing uses and the compare
; only the folded select used. The loop heart and the entry token stay:
; they are used. No oracle question is asked.
; opt-22 -passes=instsimplify gives the same output.
; expect-remark: instsimplify: simplified 3 instructions, removed 6 dead instructions
; expect-output: %t = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %h) ]
; expect-count: 0 call token @llvm.experimental.convergence.anchor
; expect-count: 1 call token @llvm.experimental.convergence.loop
; expect-count: 1 call i32 @subgroup_add
declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)

define i32 @k(i32 %x, i32 %n) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %a = call token @llvm.experimental.convergence.anchor()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %sum, %loop ]
  %h = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %e) ]
  %s = call i32 @subgroup_add(i32 %i) [ "convergencectrl"(token %h) ]
  %z = mul i32 %s, 0
  %y = add i32 %x, %z
  %t = call i32 @subgroup_add(i32 %y) [ "convergencectrl"(token %h) ]
  %c.dummy = icmp eq i32 %i, %n
  %same = select i1 %c.dummy, i32 %t, i32 %t
  %sum = add i32 %acc, %same
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret i32 %sum
}
