; RUN: -passes=jump-threading
; Threading would copy %mid, which holds a reduction controlled by the
; entry token, for the edge from %then1. Threads that arrive at %mid from
; %then1 and from %entry would then reduce in different copies, and they
; can arrive differently (%cond1 is divergent). Refused. (The value from
; %entry is not known: were it false, as the one from %then1, the branch
; would be folded, as LLVM does, not threaded.)
; expect-remark: not threading %then1 -> %mid -> %end: [duplicate-under-divergence]
; expect-unchanged
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)
declare void @use(i32)

define void @reduce(i32 %x) convergent {
entry:
  %tok = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %cond1 = icmp slt i32 %tid, 16
  %cond2 = icmp eq i32 %x, 5
  br i1 %cond1, label %then1, label %mid

then1:
  call void @use(i32 1)
  br label %mid

mid:
  %flag = phi i1 [ false, %then1 ], [ %cond2, %entry ]
  %sum = call i32 @subgroupAdd(i32 %x) [ "convergencectrl"(token %tok) ]
  br i1 %flag, label %then2, label %end

then2:
  call void @use(i32 %sum)
  br label %end

end:
  ret void
}
