; RUN: -passes=simplifycfg<no-keep-loops>
; The outer loop's header %H is empty (its phis only feed %S's) and falls
; into the inner loop's header %S. Without keep-loops LLVM forwards %H to
; %S, and the two loops become one loop at %S whose iterations count
; those of both. Thread 1 runs the inner loop twice in the first outer
; iteration, thread 0 once per outer iteration: at %n1 = 1 thread 0 is in
; outer iteration 2, inner 1, and thread 1 in outer iteration 1, inner 2,
; apart; as one loop both would be in its second iteration, and reduce
; together. So %H stays (rule irreducible-edge).
; expect-remark: not forwarding %H to its successor: [irreducible-edge] forwarding the empty block %H to its successor changes the cycle at %H it is an entry of
; expect-output: %n = phi i32 [ 0, %entry ], [ %n2, %latch ]
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)
declare void @use(i32) nounwind willreturn

define amdgpu_kernel void @f() {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %H

H:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  %n = phi i32 [ 0, %entry ], [ %n2, %latch ]
  br label %S

S:
  %j = phi i32 [ 0, %H ], [ %j1, %S ]
  %ii = phi i32 [ %i, %H ], [ %ii, %S ]
  %n1 = phi i32 [ %n, %H ], [ %n2, %S ]
  %r = call i32 @subgroupAdd(i32 %n1)
  call void @use(i32 %r)
  %n2 = add i32 %n1, 1
  %j1 = add i32 %j, 1
  %first = icmp eq i32 %ii, 0
  %tid1 = add i32 %tid, 1
  %lim = select i1 %first, i32 %tid1, i32 1
  %inner = icmp ult i32 %j1, %lim
  br i1 %inner, label %S, label %latch

latch:
  %i1 = add i32 %ii, 1
  %outer = icmp ult i32 %n2, 4
  br i1 %outer, label %H, label %exit

exit:
  ret void
}
