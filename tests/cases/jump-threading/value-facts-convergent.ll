; RUN: -passes=jump-threading
; A range fact decides a branch on one edge only: the threading still asks
; the legality oracle. In @refused, %p is %x + 100 coming from %small,
; where %x < 16, so %p > 50 there; from %other it is unknown. Threading
; %small -> %check to %a would copy the subgroupAdd of %check under the
; branch on %c, which the thread id decides (divergent): refused. In
; @uniform the same shape branches on a kernel argument (uniform), and
; the edge is threaded, the copy of the controlled subgroupAdd executed
; by the same threads as before. opt-22 leaves the module alone (no jump
; threading on a target with divergent branches).
; expect-remark: not threading %small -> %check -> %a
; expect-remark: threaded %usmall -> %ucheck to %ua
; expect-count: 1 call i32 @subgroupAdd(i32 %p)
; expect-count: 1 call i32 @subgroupAdd(i32 %up)
; expect-count: 1 call i32 @subgroupAdd(i32 %y1)
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)
declare token @llvm.experimental.convergence.entry()
declare void @use(i32)

define void @refused(i32 %y) convergent {
entry:
  %tok = call token @llvm.experimental.convergence.entry()
  %x = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %x, 16
  br i1 %c, label %small, label %other

small:
  %y1 = add i32 %x, 100
  br label %check

other:
  br label %check

check:
  %p = phi i32 [ %y1, %small ], [ %y, %other ]
  %s = call i32 @subgroupAdd(i32 %p) [ "convergencectrl"(token %tok) ]
  %big = icmp ugt i32 %p, 50
  br i1 %big, label %a, label %b

a:
  call void @use(i32 %s)
  ret void

b:
  ret void
}

define amdgpu_kernel void @uniform(i32 %u, i32 %y) convergent {
entry:
  %tok = call token @llvm.experimental.convergence.entry()
  %c = icmp ult i32 %u, 16
  br i1 %c, label %usmall, label %uother

usmall:
  %y1 = add i32 %u, 100
  br label %ucheck

uother:
  br label %ucheck

ucheck:
  %up = phi i32 [ %y1, %usmall ], [ %y, %uother ]
  %s = call i32 @subgroupAdd(i32 %up) [ "convergencectrl"(token %tok) ]
  %big = icmp ugt i32 %up, 50
  br i1 %big, label %ua, label %ub

ua:
  call void @use(i32 %s)
  ret void

ub:
  ret void
}
