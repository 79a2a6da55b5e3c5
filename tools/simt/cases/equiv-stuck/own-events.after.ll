; expect: not equivalent
; func: main
; The add sunk into the branch of the thread that never returns: its own
; report now sees only itself.
declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)
declare void @report(i32) nounwind willreturn
declare i32 @llvm.amdgcn.workitem.id.x()

define void @main() {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %is1 = icmp eq i32 %tid, 1
  br i1 %is1, label %tell, label %done

tell:
  %sum = call i32 @subgroupAdd(i32 1)
  call void @report(i32 %sum)
  br label %again

again:
  br label %again

done:
  ret void
}
