; RUN: -passes=simplifycfg<sink-common-insts>
; A reduction at the end of both arms of a branch on a kernel argument,
; which is uniform: every thread that reaches the branch takes the same
; arm, so the one call in the join sums over the same threads as the copy
; of the arm they took. The oracle allows the merge, and the call sinks
; with a phi for its argument. LLVM sinks no convergent call (opt-22
; leaves both copies in their arms).
; expect-remark: sank %s2 from %else, %then into %end
; expect-output: %s2 = call i32 @subgroupAdd(i32 %b.sink) [ "convergencectrl"(token %tok) ]
; expect-count: 1 call i32 @subgroupAdd
target triple = "amdgcn-amd-amdhsa"

declare void @left()
declare void @right()
declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)

define amdgpu_kernel void @uniform(i1 %c, i32 %a, i32 %b, ptr addrspace(1) %out) convergent {
entry:
  %tok = call token @llvm.experimental.convergence.entry()
  br i1 %c, label %then, label %else

then:
  call void @left()
  %s1 = call i32 @subgroupAdd(i32 %a) [ "convergencectrl"(token %tok) ]
  br label %end

else:
  call void @right()
  %s2 = call i32 @subgroupAdd(i32 %b) [ "convergencectrl"(token %tok) ]
  br label %end

end:
  %r = phi i32 [ %s1, %then ], [ %s2, %else ]
  store i32 %r, ptr addrspace(1) %out, align 4
  ret void
}
