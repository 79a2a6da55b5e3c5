; A loop whose latch carries `!llvm.loop`, a node that names itself. The
; printer numbers metadata from the module, so the body has to be in it
; while the analysis is printed; printing the node inline instead never
; ends (a stack overflow on every OpenCL kernel with `#pragma unroll`).
; expect: llvm divergent %i.next
; expect: tokens divergent %i.next
; expect: llvm uniform %k.next
; expect: tokens uniform %k.next
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @counted(i32 %n, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop

loop:
  %i = phi i32 [ %tid, %entry ], [ %i.next, %loop ]
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %i.next = add i32 %i, 1
  %k.next = add i32 %k, 1
  %done = icmp sge i32 %k.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0

exit:
  store i32 %i.next, ptr addrspace(1) %out
  ret void
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.unroll.disable"}
