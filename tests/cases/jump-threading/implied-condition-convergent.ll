; RUN: -passes=jump-threading
; As @thread in implied-condition.ll, %n < 0 on the way through %neg
; decides %n > 0 in %check, but %check holds a reduction controlled by the
; entry token and %n is the thread id: threads reaching %check from %neg and
; from %entry would reduce in different copies of it. Refused, and nothing
; changes (an implied condition is no licence to duplicate).
; expect-remark: not threading %neg -> %check -> %end: [duplicate-under-divergence]
; expect-no-remark: threaded
; expect-unchanged
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)
declare void @use(i32)

define i32 @thread(i1 %a, i32 %y) convergent {
entry:
  %tok = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %n = sub i32 16, %tid
  %isneg = icmp slt i32 %n, 0
  br i1 %isneg, label %neg, label %check

neg:
  br i1 %a, label %end, label %check

check:
  %s = call i32 @subgroupAdd(i32 %y) [ "convergencectrl"(token %tok) ]
  %pos = icmp sgt i32 %n, 0
  br i1 %pos, label %positive, label %end

positive:
  call void @use(i32 %s)
  br label %end

end:
  %r = phi i32 [ 1, %neg ], [ 2, %check ], [ 3, %positive ]
  ret i32 %r
}
