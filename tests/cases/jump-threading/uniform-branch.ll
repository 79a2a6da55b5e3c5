; RUN: -passes=jump-threading
; The uncontrolled example again, with uniform conditions (kernel
; arguments): every group of converged threads takes each branch the same
; way, so the barrier's threads cannot be split by the new control flow.
; Threaded.
; expect-remark: threaded %entry -> %mid to %then2
; expect-no-remark: not threading
target triple = "amdgcn-amd-amdhsa"

declare void @subgroupControlBarrier() convergent
declare void @work(i32)

define amdgpu_kernel void @uniform(i32 %x, i32 %y) {
entry:
  %cond1 = icmp slt i32 %x, 16
  br i1 %cond1, label %then1, label %mid

then1:
  call void @work(i32 1)
  %cond2 = icmp sgt i32 %y, %x
  br label %mid

mid:
  %flag = phi i1 [ true, %entry ], [ %cond2, %then1 ]
  br i1 %flag, label %then2, label %end

then2:
  call void @work(i32 2)
  call void @subgroupControlBarrier()
  br label %end

end:
  ret void
}
