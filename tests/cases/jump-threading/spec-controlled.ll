; RUN: -passes=jump-threading
; The spec's jump-threading example ("Unstructured control flow"), with the
; barrier controlled by the entry token. On the edge %entry -> %mid, %flag
; is true, so the edge goes straight to %then2. The barrier communicates
; with the threads of %entry's group that reach it, which threading does not
; change, even though %cond1 is divergent: threaded. (LLVM 22 does not run
; jump threading at all on this target.) The spec's %then1 then falls
; through to what is left of %mid, and is folded into it, keeping %mid's
; name as LLVM does: the result is the spec's example_jumpthreaded.
; expect-remark: threaded %entry -> %mid to %then2
; expect-output: br i1 %cond1, label %mid, label %then2
; expect-output: br i1 %cond2, label %then2, label %end
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @subgroupControlBarrier() convergent
declare void @work(i32)

define void @example_original(i32 %x) convergent {
entry:
  %entry.tok = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %cond1 = icmp slt i32 %tid, 16
  br i1 %cond1, label %then1, label %mid

then1:
  call void @work(i32 1)
  %cond2 = icmp sgt i32 %tid, %x
  br label %mid

mid:
  %flag = phi i1 [ true, %entry ], [ %cond2, %then1 ]
  br i1 %flag, label %then2, label %end

then2:
  call void @work(i32 2)
  call void @subgroupControlBarrier() [ "convergencectrl"(token %entry.tok) ]
  br label %end

end:
  ret void
}
