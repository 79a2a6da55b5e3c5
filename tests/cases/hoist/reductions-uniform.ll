; RUN: -passes=hoist
; The same example with a uniform condition ("hoisting is allowed if it can
; be proven that %cc is always uniform among the relevant set of threads"):
; %delta comes from a kernel argument, so every thread takes the same side
; and each subgroupAdd already sums over all of them. The two calls merge
; into one in %entry.
; expect-remark: hoisted %total_gains from %then into %entry, merged with %total_losses from %else
; expect-output: %total_gains = call i32 @subgroupAdd(i32 %delta) [ "convergencectrl"(token %entry.tok) ]
target triple = "amdgcn-amd-amdhsa"

declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)
declare void @record(i32, i32)

define amdgpu_kernel void @example_kernel(i32 %base, i32 %x) convergent {
entry:
  %entry.tok = call token @llvm.experimental.convergence.entry()
  %delta = sub i32 %x, %base
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
