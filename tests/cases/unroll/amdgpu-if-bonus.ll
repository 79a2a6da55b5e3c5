; RUN: -passes=loop-unroll -unroll-max-iteration-count-to-analyze=0
; AMDGPU adds 200 to the threshold for each conditional branch in the loop
; on a value computed from one of its phis, unless a successor in the loop
; is an exiting block: the branch in %loop (to the exiting %latch) earns
; nothing, the latch's (to %loop and out) earns 200. At 500 the loop
; (size 21, 20 iterations: 16 * 20 + 5 = 325) is unrolled completely. In
; @with_attr the function's "amdgpu-unroll-threshold"="100" is the start:
; 300 is not enough, and the loop is unrolled by 5 (partial threshold 150:
; 9 copies of a body of 16 fit, and 5 is the largest count dividing 20).
; opt-22 does the same.
; expect-remark: threshold 500 for the branch of %latch on a phi of the loop
; expect-remark: threshold 300 for the branch of %latch on a phi of the loop
; expect-remark: completely unrolled loop with 20 iterations
; expect-remark: unrolled loop by a factor of 5
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @if_on_phi(ptr addrspace(1) %out, i32 %x) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %latch ]
  %odd = and i32 %i, 1
  %t = icmp eq i32 %odd, 0
  br i1 %t, label %then, label %latch

then:
  %a = mul i32 %acc, %x
  %b = xor i32 %a, %i
  %c2 = add i32 %b, 3
  %d = mul i32 %c2, %x
  br label %latch

latch:
  %acc.next = phi i32 [ %d, %then ], [ %acc, %loop ]
  %i.next = add nuw nsw i32 %i, 1
  %e = icmp eq i32 %i.next, 20
  br i1 %e, label %done, label %loop

done:
  store i32 %acc.next, ptr addrspace(1) %out, align 4
  ret void
}

define amdgpu_kernel void @with_attr(ptr addrspace(1) %out, i32 %x) #0 {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %latch ]
  %odd = and i32 %i, 1
  %t = icmp eq i32 %odd, 0
  br i1 %t, label %then, label %latch

then:
  %a = mul i32 %acc, %x
  %b = xor i32 %a, %i
  %c2 = add i32 %b, 3
  %d = mul i32 %c2, %x
  br label %latch

latch:
  %acc.next = phi i32 [ %d, %then ], [ %acc, %loop ]
  %i.next = add nuw nsw i32 %i, 1
  %e = icmp eq i32 %i.next, 20
  br i1 %e, label %done, label %loop

done:
  store i32 %acc.next, ptr addrspace(1) %out, align 4
  ret void
}

attributes #0 = { "amdgpu-unroll-threshold"="100" }
