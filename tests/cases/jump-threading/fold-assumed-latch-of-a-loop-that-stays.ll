; RUN: -passes=jump-threading
; The assumption in %b decides its branch: %k is false, so the edge
; %b -> %head is never taken. But that edge is all that keeps %b in the
; loop of %head, which stays (its self edge): threads leave the self loop
; after different iterations (the exit depends on the thread id), so
; maximal convergence runs %s once per iteration of %head, apart. Folding
; the branch would take %b out of the loop and run them together. The
; fold by assumption asks like every other fold (rule irreducible-edge;
; simt-run --equiv reports the fold).
; expect-remark: f:b: jump-threading: not folding the terminator of %b: [irreducible-edge] removing the never-taken edge %b -> %head takes %b out of the loop
; expect-count: 1 br i1 %k, label %head, label %exit
target triple = "amdgcn-amd-amdhsa"

declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.assume(i1)

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
  %ok = icmp ne i32 %n, 5
  call void @llvm.assume(i1 %ok)
  %k = icmp eq i32 %n, 5
  br i1 %k, label %head, label %exit

exit:
  ret i32 %s
}
