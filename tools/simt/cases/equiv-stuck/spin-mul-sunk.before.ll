; Thread 0 polls a constant flag in a loop that could exit but never does
; (its state repeats); the others add at %join without it, and thread 1
; reports a multiple of the sum.
@gate = internal constant i32 0

declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)
declare void @report(i32) nounwind willreturn
declare i32 @llvm.amdgcn.workitem.id.x()

define void @main() {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %is0 = icmp eq i32 %tid, 0
  br i1 %is0, label %poll, label %join

poll:
  %phase = phi i32 [ 0, %entry ], [ %flip, %poll ]
  %flip = sub i32 1, %phase
  %g = load i32, ptr @gate
  %open = icmp ne i32 %g, 0
  br i1 %open, label %join, label %poll

join:
  %sum = call i32 @subgroupAdd(i32 1)
  %triple = mul i32 %sum, 3
  %is1 = icmp eq i32 %tid, 1
  br i1 %is1, label %tell, label %done

tell:
  call void @report(i32 %triple)
  br label %done

done:
  ret void
}
