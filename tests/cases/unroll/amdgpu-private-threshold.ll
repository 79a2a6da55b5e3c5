; RUN: -passes=loop-unroll -unroll-max-iteration-count-to-analyze=0
; AMDGPU raises the threshold to 2700 for a loop addressing a small
; private array (a static alloca of at most 960 bytes) with an index
; computed in the loop, so that the array can become registers: the first
; loop (size 13, 64 iterations: (13 - 5) * 64 + 5 = 517, over the default
; 300) is unrolled completely. The second array takes 1024 bytes: no boost,
; and the loop is unrolled by 16 (the partial threshold 150 allows 18
; copies of a body of 8; 16 divides 64). opt-22 does the same.
; expect-remark: threshold 2700 for a private-memory address in %loop
; expect-remark: completely unrolled loop with 64 iterations
; expect-remark: unrolled loop by a factor of 16
target triple = "amdgcn-amd-amdhsa"
target datalayout = "A5"

define amdgpu_kernel void @private_array(ptr addrspace(1) %out, i32 %x) {
entry:
  %buf = alloca [64 x i32], align 4, addrspace(5)
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds [64 x i32], ptr addrspace(5) %buf, i32 0, i32 %i
  %v = mul i32 %i, %x
  %w = xor i32 %v, 7
  %z = add i32 %w, %i
  store i32 %z, ptr addrspace(5) %p, align 4
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp eq i32 %i.next, 64
  br i1 %c, label %done, label %loop

done:
  %q = getelementptr inbounds [64 x i32], ptr addrspace(5) %buf, i32 0, i32 %x
  %r = load i32, ptr addrspace(5) %q, align 4
  store i32 %r, ptr addrspace(1) %out, align 4
  ret void
}

define amdgpu_kernel void @private_too_big(ptr addrspace(1) %out, i32 %x) {
entry:
  %buf = alloca [256 x i32], align 4, addrspace(5)
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds [256 x i32], ptr addrspace(5) %buf, i32 0, i32 %i
  %v = mul i32 %i, %x
  %w = xor i32 %v, 7
  %z = add i32 %w, %i
  store i32 %z, ptr addrspace(5) %p, align 4
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp eq i32 %i.next, 64
  br i1 %c, label %done, label %loop

done:
  %q = getelementptr inbounds [256 x i32], ptr addrspace(5) %buf, i32 0, i32 %x
  %r = load i32, ptr addrspace(5) %q, align 4
  store i32 %r, ptr addrspace(1) %out, align 4
  ret void
}
