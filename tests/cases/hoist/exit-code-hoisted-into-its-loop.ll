; RUN: -passes=hoist
; %x1 and %x2 compute the same value in the two successors of the loop
; header %H, the latch %body and the exit %exit: they merge into %H, inside
; the loop, which lanes leave in different iterations (%d tests the lane).
; By the analysis's rules every use outside a loop of a value defined in it
; then sees temporal divergence, so %q, and the branch of %exit, are
; divergent for an analysis made now. The uniformity the oracle computed
; for the reductions of %entry was made with %x2 outside the loop; it is
; dropped when %x2 enters it, so %exit is judged as a fresh oracle would
; judge it (refused), not by when the analysis was made.
; expect-remark: hoisted %rp from %P into %entry, merged with %rq from %Q
; expect-remark: hoisted %x2 from %exit into %H, merged with %x1 from %body
; expect-remark: cannot hoist %ra and %rb: [entry-or-heart-token]
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)

define amdgpu_kernel void @k(i32 %u, ptr addrspace(1) %out) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %uc = icmp sgt i32 %u, 5
  br i1 %uc, label %P, label %Q

P:
  %rp = call i32 @subgroupAdd(i32 %u) [ "convergencectrl"(token %e) ]
  store i32 %rp, ptr addrspace(1) %out
  br label %H

Q:
  %rq = call i32 @subgroupAdd(i32 %u) [ "convergencectrl"(token %e) ]
  store volatile i32 %rq, ptr addrspace(1) %out
  br label %H

H:
  %i = phi i32 [ 0, %P ], [ 0, %Q ], [ %i.next, %body ]
  %d = icmp eq i32 %i, %tid
  br i1 %d, label %exit, label %body

body:
  %x1 = add i32 %u, 7
  %i.next = add i32 %i, %x1
  br label %H

exit:
  %x2 = add i32 %u, 7
  %q = icmp eq i32 %x2, 0
  br i1 %q, label %A, label %B

A:
  %ra = call i32 @subgroupAdd(i32 %u) [ "convergencectrl"(token %e) ]
  store i32 %ra, ptr addrspace(1) %out
  br label %end

B:
  %rb = call i32 @subgroupAdd(i32 %u) [ "convergencectrl"(token %e) ]
  store volatile i32 %rb, ptr addrspace(1) %out
  br label %end

end:
  ret void
}
