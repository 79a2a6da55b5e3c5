; RUN: -passes=simplifycfg
; The same convergent call (same token, same argument) in both arms of a
; branch on a kernel argument, which is uniform: the threads that run
; either copy are the threads that reach the branch, so the merged call
; communicates among the same threads. The oracle allows it, and the arms
; are identical, so everything is hoisted. LLVM refuses to hoist any
; convergent call (opt-22 leaves the arms).
; expect-remark: hoisted %s1 from %then, %else into %entry
; expect-count: 1 call i32 @subgroupAdd
target triple = "amdgcn-amd-amdhsa"

declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)

define amdgpu_kernel void @uniform(i1 %c, i32 %v, ptr addrspace(1) %out) convergent {
entry:
  %tok = call token @llvm.experimental.convergence.entry()
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
