; RUN: -passes=jump-threading
; The copied block holds an anchor and the barrier it controls: each copy
; gets its own anchor, and since which threads an anchor groups is the
; implementation's choice, splitting the arrivals between the copies is
; allowed even under the divergent %cond1. The edge from %entry is known
; by %cond1 itself and threaded; %then1 then falls through to %mid, which
; absorbs it. (The value from %then1 is not known: were it false, as the
; one from %entry, the branch would be folded, as LLVM does, not threaded.)
; expect-remark: threaded %entry -> %mid to %end
; expect-no-remark: not threading
; expect-count: 2 call token @llvm.experimental.convergence.anchor()
; expect-count: 2 call void @subgroupBarrier()
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @subgroupBarrier() convergent
declare void @use(i32)

define void @local(i32 %x) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %cond1 = icmp slt i32 %tid, 16
  br i1 %cond1, label %then1, label %mid

then1:
  call void @use(i32 1)
  %u = icmp eq i32 %x, 0
  br label %mid

mid:
  %flag = phi i1 [ %u, %then1 ], [ %cond1, %entry ]
  %a = call token @llvm.experimental.convergence.anchor()
  call void @subgroupBarrier() [ "convergencectrl"(token %a) ]
  br i1 %flag, label %then2, label %end

then2:
  call void @use(i32 2)
  br label %end

end:
  ret void
}
