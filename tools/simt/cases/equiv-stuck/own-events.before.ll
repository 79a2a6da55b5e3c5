; Thread 1 reports the sum of all threads and then never returns.
declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)
declare void @report(i32) nounwind willreturn
declare i32 @llvm.amdgcn.workitem.id.x()

define void @main() {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %sum = call i32 @subgroupAdd(i32 1)
  %is1 = icmp eq i32 %tid, 1
  br i1 %is1, label %tell, label %done

tell:
  call void @report(i32 %sum)
  br label %again

again:
  br label %again

done:
  ret void
}
