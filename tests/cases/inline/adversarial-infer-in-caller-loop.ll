; RUN: -passes=inline
; An uncontrolled callee with a loop, called with the heart %oh of a loop of
; the caller: the inferred tokens root at the call site's token, so the
; callee's loop gets a heart nested in %oh (its iterations are counted per
; iteration of the caller's loop, as maximal convergence counted them), and
; the operation outside that loop takes %oh itself. The output verifies.
; expect-output: %tok.loop = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %oh) ]
; expect-output: %g.i = call i32 @subgroup_add(i32 %v) [ "convergencectrl"(token %oh) ]
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare void @use(i32) nounwind willreturn

define internal i32 @uncallee(i32 %v) convergent {
entry:
  %g = call i32 @subgroup_add(i32 %v)
  br label %loop

loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %r = call i32 @subgroup_add(i32 %j)
  %j.next = add i32 %j, 1
  %d = icmp sge i32 %j.next, %v
  br i1 %d, label %out, label %loop

out:
  %s = add i32 %r, %g
  ret i32 %s
}

define amdgpu_kernel void @k(i32 %n) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %oloop

oloop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %oloop ]
  %oh = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %e) ]
  %v = add i32 %tid, %i
  %y = call i32 @uncallee(i32 %v) [ "convergencectrl"(token %oh) ]
  call void @use(i32 %y)
  %i.next = add i32 %i, 1
  %od = icmp sge i32 %i.next, %tid
  br i1 %od, label %exit, label %oloop

exit:
  ret void
}
