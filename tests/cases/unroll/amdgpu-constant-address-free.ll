; RUN: -passes=loop-unroll -unroll-threshold=15 -unroll-allow-partial=false -unroll-max-iteration-count-to-analyze=12
; On AMDGPU, the simulation of complete unrolling counts a getelementptr
; on the counter as free once its indices are constants: it is then a base
; and an immediate offset, which the memory instruction takes (as LLVM costs
; an instruction with its operands simplified). Each of the 12 iterations
; then costs the load, the add and the store (3, 36 in all against 144
; rolled), below the threshold 15 grown by 400% (the most it grows), and
; the loop is unrolled completely, as opt-22 does. Costing the two
; addresses 1 each gave 60, not below 15 grown by 240%, and kept the loop.
; expect-remark: 36 unrolled against 144 rolled
; expect-remark: completely unrolled loop with 12 iterations
; expect-count: 0 phi i32
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @bump(ptr addrspace(1) noalias %dst, ptr addrspace(1) noalias %src) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %from = getelementptr inbounds i32, ptr addrspace(1) %src, i32 %i
  %to = getelementptr inbounds i32, ptr addrspace(1) %dst, i32 %i
  %v = load i32, ptr addrspace(1) %from, align 4
  %w = add i32 %v, 9
  store i32 %w, ptr addrspace(1) %to, align 4
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 12
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
