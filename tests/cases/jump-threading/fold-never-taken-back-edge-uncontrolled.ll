; RUN: -passes=jump-threading
; A branch that never takes its back edge is not folded when the edge is
; all that keeps an uncontrolled convergent operation in a cycle. In @known
; (the condition is false on every edge in) and @literal (br i1 false), %b
; is in the loop of %head only through the edge %b -> %head. Threads leave
; the self loop of %head in different iterations (its exit depends on the
; thread id), so maximal convergence runs %s once per iteration of %head;
; without the edge %b is outside every cycle and all threads would run %s
; together. In @before_loop the operation is outside the cycle, and the
; branch folds. (cycle-boundary; checked with simt-run --equiv.)
; (Rule irreducible-edge refuses these folds first: the loop stays and %b
; leaves it; rule cycle-boundary would refuse them too.)
; expect-remark: known:b: jump-threading: not folding the terminator of %b: [irreducible-edge] removing the never-taken edge %b -> %head takes %b out of the loop with header %head, which stays
; expect-remark: literal:b: jump-threading: not folding the terminator of %b: [irreducible-edge] removing the never-taken edge %b -> %head
; expect-remark: before_loop:b: jump-threading: folded the branch of %b: its condition is false on every edge in
; expect-count: 1 br i1 %k, label %head, label %exit
; expect-count: 1 br i1 false, label %head, label %exit
target triple = "amdgcn-amd-amdhsa"

declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.workitem.id.x()

define i32 @known(i32 %n) convergent {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %head ], [ 100, %b ]
  %i.next = add i32 %i, 1
  %again = icmp slt i32 %i.next, %tid
  br i1 %again, label %head, label %b

b:
  %k = phi i1 [ false, %head ]
  %s = call i32 @subgroup_add(i32 %i)
  br i1 %k, label %head, label %exit

exit:
  ret i32 %s
}

define i32 @literal(i32 %n) convergent {
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

define i32 @before_loop(i32 %n) convergent {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %s = call i32 @subgroup_add(i32 %n)
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %head ], [ 100, %b ]
  %i.next = add i32 %i, 1
  %again = icmp slt i32 %i.next, %tid
  br i1 %again, label %head, label %b

b:
  %k = phi i1 [ false, %head ]
  %r = add i32 %s, %i
  br i1 %k, label %head, label %exit

exit:
  ret i32 %r
}
