; RUN: -passes=jump-threading
; The same program with the frontend's tokens (the RFC's fix: "passes such
; as jump threading will be correct by default"): the ballot uses the entry
; token, so its threads are those of the entry group that reach it, however
; the flag is computed. Threaded.
; expect-remark: threaded
; expect-no-remark: not threading
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i64 @ballot(i1) convergent nounwind willreturn memory(none)
declare void @store(i64)

define void @flag(i32 %a) convergent {
entry:
  %tok = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %cc1 = icmp slt i32 %tid, %a
  br i1 %cc1, label %outer, label %join

outer:
  %cc2 = icmp eq i32 %tid, 3
  br i1 %cc2, label %set, label %join

set:
  br label %join

join:
  %flag = phi i1 [ false, %entry ], [ false, %outer ], [ true, %set ]
  br i1 %flag, label %use, label %done

use:
  %result = call i64 @ballot(i1 true) [ "convergencectrl"(token %tok) ]
  call void @store(i64 %result)
  br label %done

done:
  ret void
}
