; RUN: -passes=sink
; Class 6 of the legality review: no branch lies between %x and its use,
; but the kill between them ends the threads whose %alive is false. Below
; it, %x would sum only the surviving threads. Refused. %y, which is not
; convergent, sinks past the kill.
; expect-remark: cannot sink %x: [thread-ending]
; expect-no-remark: sank %x
; expect-remark: sank %y
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.kill(i1)
declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare void @use(i32) nounwind willreturn
define amdgpu_kernel void @k(i32 %n) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %x = call i32 @subgroup_add(i32 %tid) [ "convergencectrl"(token %e) ]
  %y = add i32 %tid, %n
  %alive = icmp ult i32 %tid, 5
  call void @llvm.amdgcn.kill(i1 %alive)
  %go = icmp sgt i32 %n, 0
  br i1 %go, label %A, label %end
A:
  call void @use(i32 %x)
  call void @use(i32 %y)
  br label %end
end:
  ret void
}
