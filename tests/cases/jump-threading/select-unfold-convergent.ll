; RUN: -passes=jump-threading
; Unfolding a select adds a branch whose arms meet again at once; nothing
; moves or is copied, but an uncontrolled convergent operation after the
; join may see its threads regrouped if the branch is divergent (the "flag
; at a distance" of D85603). The oracle is asked (UnfoldSelect):
; * @divergent, @divergent_pred: the select's condition depends on the
;   thread id and the ballot after it is uncontrolled: refused, in the
;   block and in the predecessor;
; * @uniform: the same shape on a kernel argument: unfolded (the threading
;   that could follow is a question of its own);
; * @controlled: divergent, but the ballot is controlled by the entry
;   token, whose threads the branch does not change: unfolded.
; expect-remark: not unfolding %sd into a branch: [uncontrolled-downstream]
; expect-remark: not unfolding %sp into a branch: [uncontrolled-downstream]
; expect-remark: unfolded %su into a branch and a phi
; expect-remark: unfolded %sc into a branch and a phi
; expect-no-remark: not unfolding %su
; expect-no-remark: not unfolding %sc
; expect-count: 1 %sd = select
; expect-count: 1 %sp = select
; expect-count: 0 %su = select
; expect-count: 0 %sc = select
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i64 @ballot(i1) convergent nounwind willreturn memory(none)
declare void @store(i64)
declare void @use(i32)

define void @divergent(i32 %a, i32 %y) convergent {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp slt i32 %tid, %a
  br i1 %c, label %l, label %r

l:
  call void @use(i32 1)
  br label %join

r:
  call void @use(i32 2)
  br label %join

join:
  %p = phi i32 [ 7, %l ], [ %tid, %r ]
  %cmp = icmp sgt i32 %p, 0
  %sd = select i1 %cmp, i32 %y, i32 0
  %b = call i64 @ballot(i1 true)
  call void @store(i64 %b)
  call void @use(i32 %sd)
  ret void
}

define void @divergent_pred(i1 %e, i32 %x, i32 %y) convergent {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br i1 %e, label %p, label %q

p:
  %d = icmp eq i32 %tid, 3
  %sp = select i1 %d, i32 0, i32 %y
  br label %join

q:
  br label %join

join:
  %v = phi i32 [ %sp, %p ], [ %x, %q ]
  %z = icmp eq i32 %v, 0
  br i1 %z, label %zero, label %other

zero:
  %b = call i64 @ballot(i1 true)
  call void @store(i64 %b)
  ret void

other:
  ret void
}

define amdgpu_kernel void @uniform(i1 %c, i32 %x, i32 %y) convergent {
entry:
  br i1 %c, label %l, label %r

l:
  call void @use(i32 1)
  br label %join

r:
  call void @use(i32 2)
  br label %join

join:
  %p = phi i32 [ 7, %l ], [ %x, %r ]
  %cmp = icmp sgt i32 %p, 0
  %su = select i1 %cmp, i32 %y, i32 0
  %b = call i64 @ballot(i1 true)
  call void @store(i64 %b)
  call void @use(i32 %su)
  ret void
}

define void @controlled(i32 %a, i32 %y) convergent {
entry:
  %tok = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp slt i32 %tid, %a
  br i1 %c, label %l, label %r

l:
  call void @use(i32 1)
  br label %join

r:
  call void @use(i32 2)
  br label %join

join:
  %p = phi i32 [ 7, %l ], [ %tid, %r ]
  %cmp = icmp sgt i32 %p, 0
  %sc = select i1 %cmp, i32 %y, i32 0
  %b = call i64 @ballot(i1 true) [ "convergencectrl"(token %tok) ]
  call void @store(i64 %b)
  call void @use(i32 %sc)
  ret void
}
