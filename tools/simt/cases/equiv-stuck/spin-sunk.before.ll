; Thread 0 waits in @await for a key that never comes: the loop has an
; exit, but the thread's state repeats, so it never leaves. The others
; meet at %join and add together without it.
declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)
declare void @report(i32) nounwind willreturn
declare i32 @llvm.amdgcn.workitem.id.x()

define internal void @await(i32 %key) {
entry:
  br label %poll

poll:
  %open = icmp eq i32 %key, 4242
  br i1 %open, label %out, label %poll

out:
  ret void
}

define void @main() {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %is0 = icmp eq i32 %tid, 0
  br i1 %is0, label %stop, label %join

stop:
  call void @await(i32 %tid)
  br label %join

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
