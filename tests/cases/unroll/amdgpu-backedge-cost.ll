; RUN: -passes=loop-unroll -unroll-threshold=261 -unroll-max-iteration-count-to-analyze=0
; On AMDGPU a conditional branch costs 5 (the exec-mask updates around it)
; and the backedge 5 (LLVM's BEInsns 2, plus 3): this loop's size is 9
; (xor 1, store 1, add 1, compare 1, branch 5), and unrolled 64 times
; (9 - 5) * 64 + 5 = 261, not below -unroll-threshold=261, so it is not
; unrolled completely but by 32 (the partial threshold 150 allows 36 copies
; of a body of 4), as opt-22 does (which unrolls it completely at 262).
; Counting every instruction 1 and the backedge 2 gave (5 - 2) * 64 + 2 =
; 194 and a complete unrolling.
; expect-remark: trip count 64; size 9
; expect-remark: unrolled loop by a factor of 32
; expect-no-remark: completely unrolled
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @f(ptr addrspace(1) %out, i32 %x) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %v = xor i32 %i, %x
  store volatile i32 %v, ptr addrspace(1) %out, align 4
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp eq i32 %i.next, 64
  br i1 %c, label %done, label %loop

done:
  ret void
}
