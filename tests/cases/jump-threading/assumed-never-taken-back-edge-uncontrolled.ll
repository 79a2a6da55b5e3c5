; RUN: -passes=jump-threading
; A branch whose condition an llvm.assume of its block decides goes through
; the oracle like every other fold. In @in_cycle the assumption says %k is
; false, so the edge %b -> %head is never taken; but it is all that keeps
; the uncontrolled reduction %s in the cycle of %head, which threads leave
; in different iterations (the exit depends on the thread id). Without it
; %b comes after the loop and threads that left it apart would reduce
; together (irreducible-edge; checked with simt-run --equiv). In
; @before_loop the reduction is outside the cycle and the branch folds.
; expect-remark: in_cycle:b: jump-threading: not folding the terminator of %b: [irreducible-edge] removing the never-taken edge %b -> %head takes %b out of the loop with header %head, which stays
; expect-remark: before_loop:b: jump-threading: folded the branch of %b: its condition is false where it is reached
; expect-count: 1 br i1 %k, label %head, label %exit
target triple = "amdgcn-amd-amdhsa"

declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.assume(i1)

define i32 @in_cycle(i32 %n) convergent {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %head ], [ 50, %b ]
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %tid
  br i1 %more, label %head, label %b

b:
  %s = call i32 @subgroup_add(i32 %i)
  %k = icmp eq i32 %n, 7
  %not.k = xor i1 %k, true
  call void @llvm.assume(i1 %not.k)
  br i1 %k, label %head, label %exit

exit:
  ret i32 %s
}

define i32 @before_loop(i32 %n) convergent {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %s = call i32 @subgroup_add(i32 %n)
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %head ], [ 50, %b ]
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %tid
  br i1 %more, label %head, label %b

b:
  %r = add i32 %s, %i
  %k = icmp eq i32 %n, 7
  %not.k = xor i1 %k, true
  call void @llvm.assume(i1 %not.k)
  br i1 %k, label %head, label %exit

exit:
  ret i32 %r
}
