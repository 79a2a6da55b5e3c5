; RUN: -passes=jump-threading
; As @phi in freeze.ll, the freeze of a phi of constants is known on each
; edge into %merge, but %merge holds a reduction controlled by the entry
; token and the branch before it depends on the thread id: threads arriving
; from %t1 and from %f1 would reduce in different copies. Refused for both
; edges; nothing changes.
; expect-remark: not threading %t1 -> %merge -> %t2: [duplicate-under-divergence]
; expect-no-remark: threaded
; expect-unchanged
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)
declare void @use(i32)

define i32 @phi(i32 %x) convergent {
entry:
  %tok = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %cond = icmp ult i32 %tid, 8
  br i1 %cond, label %t1, label %f1

t1:
  call void @use(i32 1)
  br label %merge

f1:
  call void @use(i32 2)
  br label %merge

merge:
  %A = phi i1 [ true, %t1 ], [ false, %f1 ]
  %s = call i32 @subgroupAdd(i32 %x) [ "convergencectrl"(token %tok) ]
  %A.fr = freeze i1 %A
  br i1 %A.fr, label %t2, label %f2

t2:
  call void @use(i32 %s)
  ret i32 %s

f2:
  ret i32 0
}
