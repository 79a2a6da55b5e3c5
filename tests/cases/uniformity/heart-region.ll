; A value defined in a loop with a divergent exit, used after the loop in a block
; that is not in the region of any token defined in the loop: temporal divergence
; applies in both modes. Uses inside the loop stay uniform in both modes.
; expect: llvm divergent %after
; expect: tokens divergent %after
; expect: tokens uniform %i.next
; expect: llvm uniform %i.next
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @op() convergent

define amdgpu_kernel void @loop(i32 %n, ptr addrspace(1) %out) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %header

header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %header ]
  %h = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %e) ]
  call void @op() [ "convergencectrl"(token %h) ]
  %i.next = add i32 %i, 1
  %done = icmp sge i32 %i.next, %tid
  br i1 %done, label %exit, label %header

exit:
  %after = add i32 %i.next, 1
  store i32 %after, ptr addrspace(1) %out, align 4
  ret void
}
