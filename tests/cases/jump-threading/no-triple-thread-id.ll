; RUN: -passes=jump-threading -jump-threading-threshold=20
; A module without a target triple: the oracle assumes some SIMT machine
; it has no model of, yet thread-id intrinsics of the GPU targets still
; name a value that differs between threads. Copying %m into %a would put
; a copy of the entry-controlled @op under a branch on the thread id, so
; that threads with id 0 and the others no longer execute it together.
; Refused in each function (the amdgcn and nvptx thread ids, and the lane
; id from mbcnt, whose operands are constants).
; expect-remark: %a -> %m -> %x1: [duplicate-under-divergence]
; expect-no-remark: threaded
; expect-count: 3 call i32 @op(

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.amdgcn.mbcnt.lo(i32, i32)
declare token @llvm.experimental.convergence.entry()
declare i32 @op(i32) convergent nounwind
declare void @use(i32)

define void @amdgcn(i32 %x) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp eq i32 %tid, 0
  br i1 %c, label %a, label %b
a:
  call void @use(i32 1)
  br label %m
b:
  call void @use(i32 2)
  br label %m
m:
  %p = phi i1 [ true, %a ], [ false, %b ]
  %r = call i32 @op(i32 %x) [ "convergencectrl"(token %e) ]
  br i1 %p, label %x1, label %y1
x1:
  call void @use(i32 %r)
  ret void
y1:
  call void @use(i32 0)
  ret void
}

define void @nvptx(i32 %x) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp eq i32 %tid, 0
  br i1 %c, label %a, label %b
a:
  call void @use(i32 1)
  br label %m
b:
  call void @use(i32 2)
  br label %m
m:
  %p = phi i1 [ true, %a ], [ false, %b ]
  %r = call i32 @op(i32 %x) [ "convergencectrl"(token %e) ]
  br i1 %p, label %x1, label %y1
x1:
  call void @use(i32 %r)
  ret void
y1:
  call void @use(i32 0)
  ret void
}

define void @lane(i32 %x) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %w = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
  %c = icmp eq i32 %w, 0
  br i1 %c, label %a, label %b
a:
  call void @use(i32 1)
  br label %m
b:
  call void @use(i32 2)
  br label %m
m:
  %p = phi i1 [ true, %a ], [ false, %b ]
  %r = call i32 @op(i32 %x) [ "convergencectrl"(token %e) ]
  br i1 %p, label %x1, label %y1
x1:
  call void @use(i32 %r)
  ret void
y1:
  call void @use(i32 0)
  ret void
}
