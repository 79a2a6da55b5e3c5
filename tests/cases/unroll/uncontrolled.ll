; RUN: -passes=loop-unroll -unroll-runtime -unroll-count=4
; Uncontrolled convergent operations (no tokens) keep the `convergent`
; attribute's meaning, and LLVM 22 never gives such a loop a remainder: with
; a trip multiple of 2 the count is reduced to 2; nothing else changes.
; expect-remark: unroll count reduced from 4 to 2, which divides the trip multiple 2
; expect-remark: [uncontrolled-remainder]
; expect-count: 2 call void @llvm.amdgcn.s.barrier()
target triple = "amdgcn-amd-amdhsa"

declare void @llvm.amdgcn.s.barrier()

define amdgpu_kernel void @barrier_loop(ptr addrspace(1) %p, i32 %n) {
entry:
  %trips = shl i32 %n, 1
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %gep = getelementptr i32, ptr addrspace(1) %p, i32 %i
  store i32 %i, ptr addrspace(1) %gep
  call void @llvm.amdgcn.s.barrier()
  %i.next = add nuw i32 %i, 1
  %done = icmp eq i32 %i.next, %trips
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
