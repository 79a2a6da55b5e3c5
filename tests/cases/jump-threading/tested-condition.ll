; RUN: -passes=jump-threading
; "A condition already tested on the path": %join branches on %c again,
; which each of its predecessors decided. Both edges are threaded to the
; successor they will take, and %join disappears; the reductions use the
; entry token, so their threads do not change.
; expect-remark: threaded %a -> %join to %a2
; expect-no-remark: not threading
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)
declare void @use(i32)

define void @twice(i32 %x) convergent {
entry:
  %tok = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp slt i32 %tid, %x
  br i1 %c, label %a, label %b

a:
  call void @use(i32 1)
  br label %join

b:
  call void @use(i32 2)
  br label %join

join:
  %v = phi i32 [ 1, %a ], [ 2, %b ]
  br i1 %c, label %a2, label %b2

a2:
  %s = call i32 @subgroupAdd(i32 %v) [ "convergencectrl"(token %tok) ]
  call void @use(i32 %s)
  br label %end

b2:
  call void @use(i32 %v)
  br label %end

end:
  ret void
}
