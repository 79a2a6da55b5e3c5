; RUN: -passes=hoist
; The spec's "Reductions inside divergent control flow": the two
; subgroupAdd calls compute different sums (gains over the threads with a
; positive delta, losses over the others). Hoisting and merging them would
; sum over all threads. %delta depends on the lane, so the branch is
; divergent: refused. LLVM refuses too (any convergent call).
; expect-remark: cannot hoist %total_gains and %total_losses: [entry-or-heart-token]
; expect-unchanged
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)
declare void @record(i32, i32)

define amdgpu_kernel void @example_kernel(i32 %base) convergent {
entry:
  %entry.tok = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %delta = sub i32 %tid, %base
  %cc = icmp sgt i32 %delta, 0
  br i1 %cc, label %then, label %else

then:
  %total_gains = call i32 @subgroupAdd(i32 %delta) [ "convergencectrl"(token %entry.tok) ]
  call void @record(i32 %total_gains, i32 0)
  br label %end

else:
  %total_losses = call i32 @subgroupAdd(i32 %delta) [ "convergencectrl"(token %entry.tok) ]
  call void @record(i32 0, i32 %total_losses)
  br label %end

end:
  ret void
}
