; RUN: -passes=simplifycfg<hoist-common-insts>
; Both arms start with a reduction over different values (not identical,
; so skipped) followed by the same kill. Hoisting the kill alone into the
; branch block would put it above the reductions that stay in the arms:
; the killed threads, which took part in the reduction before, would no
; longer be counted by the threads that survive. The branch is uniform;
; that does not help, since the kill, not the branch, splits the threads.
; The same holds for a call that may not return (@maybe_exit, without
; willreturn). Nothing moves (opt-22 hoists both: it has no rule for it).
; expect-unchanged
; expect-count: 2 call void @llvm.amdgcn.kill
; expect-count: 2 call void @maybe_exit
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)
declare void @llvm.amdgcn.kill(i1)
declare void @record(i32)
declare void @maybe_exit() nounwind

define amdgpu_kernel void @kill_below_reduction(i1 %c, i32 %n, i32 %m) convergent {
entry:
  %tok = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %alive = icmp ne i32 %tid, 1
  br i1 %c, label %then, label %else

then:
  %s1 = call i32 @subgroupAdd(i32 %n) [ "convergencectrl"(token %tok) ]
  call void @llvm.amdgcn.kill(i1 %alive)
  call void @record(i32 %s1)
  br label %end

else:
  %s2 = call i32 @subgroupAdd(i32 %m) [ "convergencectrl"(token %tok) ]
  call void @llvm.amdgcn.kill(i1 %alive)
  call void @record(i32 %s2)
  br label %end

end:
  ret void
}

define amdgpu_kernel void @call_below_reduction(i1 %c, i32 %n, i32 %m) convergent {
entry:
  %tok = call token @llvm.experimental.convergence.entry()
  br i1 %c, label %then, label %else

then:
  %s1 = call i32 @subgroupAdd(i32 %n) [ "convergencectrl"(token %tok) ]
  call void @maybe_exit()
  call void @record(i32 %s1)
  br label %end

else:
  %s2 = call i32 @subgroupAdd(i32 %m) [ "convergencectrl"(token %tok) ]
  call void @maybe_exit()
  call void @record(i32 %s2)
  br label %end

end:
  ret void
}
