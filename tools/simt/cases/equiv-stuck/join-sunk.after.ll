; expect: not equivalent
; func: main
; The add sunk under `tid == 1`: before, every thread but 0 adds together;
; after, thread 1 adds alone.
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
  %is1 = icmp eq i32 %tid, 1
  br i1 %is1, label %tell, label %done

tell:
  %sum = call i32 @subgroupAdd(i32 1)
  call void @report(i32 %sum)
  br label %done

done:
  ret void
}
