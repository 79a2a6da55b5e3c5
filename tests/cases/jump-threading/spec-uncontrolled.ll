; RUN: -passes=jump-threading
; The same example without convergence control: the barrier keeps the
; `convergent` attribute's meaning, and its threads depend on where threads
; reconverge. After threading, threads reaching %then2 from %entry and from
; %then1 no longer meet at %mid first, so the barrier may no longer
; synchronize them together. Refused; nothing changes.
; expect-remark: not threading %entry -> %mid -> %then2: [uncontrolled-downstream]
; expect-unchanged
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @subgroupControlBarrier() convergent
declare void @work(i32)

define void @example_original(i32 %x) convergent {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %cond1 = icmp slt i32 %tid, 16
  br i1 %cond1, label %then1, label %mid

then1:
  call void @work(i32 1)
  %cond2 = icmp sgt i32 %tid, %x
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
