; RUN: -passes=simplifycfg
; The spec's reductions inside divergent control flow: the branch depends
; on the lane, so each copy of the call sums over the threads of its arm;
; one call before the branch would sum over all of them. The oracle
; refuses, and the arms stay (as in opt-22, which refuses every
; convergent call).
; expect-remark: cannot hoist %s1 and %s2
; expect-count: 2 call i32 @subgroupAdd
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)

define amdgpu_kernel void @divergent(i32 %v, ptr addrspace(1) %out) convergent {
entry:
  %tok = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else

then:
  %s1 = call i32 @subgroupAdd(i32 %v) [ "convergencectrl"(token %tok) ]
  br label %end

else:
  %s2 = call i32 @subgroupAdd(i32 %v) [ "convergencectrl"(token %tok) ]
  br label %end

end:
  %r = phi i32 [ %s1, %then ], [ %s2, %else ]
  store i32 %r, ptr addrspace(1) %out, align 4
  ret void
}
