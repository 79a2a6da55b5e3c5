; RUN: -passes=jump-threading -jump-threading-across-loop-headers
; Across loop headers, the edge %cnt -> %lh1 of the outer loop knows that
; %u is 0 (so %c5 is false) and could be threaded to %ib7 through a copy
; of the header %lh1. Then the outer loop would be entered at %ia6 and
; at %ib7, an irreducible cycle, and with %ia6 as its header the inner
; loop's iterations would count as the outer one's. In the first outer
; iteration thread 1 runs the inner loop twice, thread 0 once: at its
; second reduction thread 0 is in outer iteration 2 and thread 1 in outer
; iteration 1; they reduce apart, and would reduce together. So the
; header is not copied (rule irreducible-edge).
; expect-remark: not threading %cnt -> %lh1 -> %ib7: [irreducible-edge] copying %lh1 changes the entries of the cycle at %lh1 it enters
; expect-no-remark: threaded %cnt
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)
declare void @use(i32) nounwind willreturn

define amdgpu_kernel void @f(i32 %u) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %tid1 = add i32 %tid, 1
  br label %lh1

lh1:
  %i = phi i32 [ 0, %entry ], [ %i1, %cnt ]
  %c5 = icmp ne i32 %u, 0
  br i1 %c5, label %ia6, label %ib7

ib7:
  br label %ia6

ia6:
  %j = phi i32 [ 0, %lh1 ], [ 0, %ib7 ], [ %j1, %ia6 ]
  %r = call i32 @subgroupAdd(i32 %i)
  call void @use(i32 %r)
  %j1 = add i32 %j, 1
  %first = icmp eq i32 %i, 0
  %lim = select i1 %first, i32 %tid1, i32 1
  %inner = icmp ult i32 %j1, %lim
  br i1 %inner, label %ia6, label %latch2

latch2:
  %i1 = add i32 %i, 1
  %uz = icmp ult i32 %u, 1
  br i1 %uz, label %cnt, label %exit

cnt:
  %more = icmp ult i32 %i1, 3
  br i1 %more, label %lh1, label %exit

exit:
  ret void
}
