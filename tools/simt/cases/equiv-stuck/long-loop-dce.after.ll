; expect: equivalent
; func: main
; The dead arithmetic removed: thread 0 now finishes the loop within the
; fuel where before it does not, so before's add at %join forms without a
; thread that was still on its way there. That group is tentative and is not
; held against after.
declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)
declare void @report(i32) nounwind willreturn
declare i32 @llvm.amdgcn.workitem.id.x()

define void @main() {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %is0 = icmp eq i32 %tid, 0
  br i1 %is0, label %loop, label %join

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, 400
  br i1 %more, label %loop, label %join

join:
  %sum = call i32 @subgroupAdd(i32 1)
  %is1 = icmp eq i32 %tid, 1
  br i1 %is1, label %tell, label %done

tell:
  call void @report(i32 %sum)
  br label %done

done:
  ret void
}
