; RUN: -passes=simplifycfg<sink-common-insts>
; The same reduction at the end of both arms, but the branch depends on
; the lane: each copy sums over the threads of its arm, and one call in the
; join would sum over all of them. The oracle refuses the merge and both
; calls stay in their arms (as in opt-22, which sinks no convergent call);
; the stores after the join are not affected.
; expect-remark: cannot sink %s2 and %s1
; expect-count: 2 call i32 @subgroupAdd
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @left()
declare void @right()
declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)

define amdgpu_kernel void @divergent(i32 %v, ptr addrspace(1) %out) convergent {
entry:
  %tok = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, 2
  br i1 %c, label %then, label %else

then:
  call void @left()
  %s1 = call i32 @subgroupAdd(i32 %v) [ "convergencectrl"(token %tok) ]
  br label %end

else:
  call void @right()
  %s2 = call i32 @subgroupAdd(i32 %v) [ "convergencectrl"(token %tok) ]
  br label %end

end:
  %r = phi i32 [ %s1, %then ], [ %s2, %else ]
  store i32 %r, ptr addrspace(1) %out, align 4
  ret void
}
