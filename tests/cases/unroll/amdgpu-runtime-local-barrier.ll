; RUN: -passes=loop-unroll
; The local-memory address allows runtime unrolling as a preference, but
; the loop holds a barrier (a convergent operation without a token): the
; legality oracle allows no remainder loop, and the run-time trip count is
; not known to be a multiple of any count, so the loop stays, as in opt-22.
; The target's preference does not bypass the oracle.
; expect-remark: loop: loop-unroll: target preference: runtime unrolling allowed for a local-memory address
; expect-no-remark: loop: loop-unroll: unrolled
; expect-count: 1 call void @llvm.amdgcn.s.barrier()
target triple = "amdgcn-amd-amdhsa"

@lds = internal unnamed_addr addrspace(3) global [256 x i32] poison, align 4

define amdgpu_kernel void @barrier_loop(i32 %n) {
entry:
  br label %loop

loop:
  %iv = phi i32 [ 0, %entry ], [ %iv.next, %loop ]
  %ptr = getelementptr inbounds [256 x i32], ptr addrspace(3) @lds, i32 0, i32 %iv
  store i32 %iv, ptr addrspace(3) %ptr, align 4
  call void @llvm.amdgcn.s.barrier()
  %iv.next = add nuw nsw i32 %iv, 1
  %exitcond = icmp eq i32 %iv.next, %n
  br i1 %exitcond, label %exit, label %loop

exit:
  ret void
}

declare void @llvm.amdgcn.s.barrier() #0

attributes #0 = { convergent nounwind willreturn }
