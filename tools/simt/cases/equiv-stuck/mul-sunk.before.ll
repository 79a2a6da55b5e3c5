; As join-sunk, with a plain multiplication of the sum.
declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)
declare void @report(i32) nounwind willreturn
declare i32 @llvm.amdgcn.workitem.id.x()

define internal void @forever() {
entry:
  br label %again

again:
  br label %again
}

define void @main() {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %is0 = icmp eq i32 %tid, 0
  br i1 %is0, label %stop, label %join

stop:
  call void @forever()
  br label %join

join:
  %sum = call i32 @subgroupAdd(i32 1)
  %twice = mul i32 %sum, 2
  %is1 = icmp eq i32 %tid, 1
  br i1 %is1, label %tell, label %done

tell:
  call void @report(i32 %twice)
  br label %done

done:
  ret void
}
