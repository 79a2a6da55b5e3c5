; RUN: -passes=loop-unroll
; AMDGPU allows runtime unrolling for local-memory addresses only in loops
; at most 2 deep (leaving deeper ones for an outer loop's sake): the same
; store to local memory from a run-time-counted loop is unrolled at run
; time at depth 2 (@depth2) and not at depth 3 (@depth3), as in opt-22.
; The outer loops' scans skip the inner loops' blocks.
; expect-remark: depth2:inner: loop-unroll: unrolled loop by a factor of 8 with run-time trip count
; expect-no-remark: depth3:inner: loop-unroll: unrolled
; expect-no-remark: depth3:inner: loop-unroll: target preference: runtime
; expect-no-remark: depth3:mid: loop-unroll: target preference: runtime
target triple = "amdgcn-amd-amdhsa"

@lds = internal unnamed_addr addrspace(3) global [256 x i32] poison, align 4

define amdgpu_kernel void @depth2(i32 %n, i32 %m) {
entry:
  br label %outer

outer:
  %j = phi i32 [ 0, %entry ], [ %j.next, %olatch ]
  br label %inner

inner:
  %i = phi i32 [ 0, %outer ], [ %i.next, %inner ]
  %ptr = getelementptr inbounds [256 x i32], ptr addrspace(3) @lds, i32 0, i32 %i
  store i32 %j, ptr addrspace(3) %ptr, align 4
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp eq i32 %i.next, %n
  br i1 %c, label %olatch, label %inner

olatch:
  %j.next = add nuw nsw i32 %j, 1
  %oc = icmp eq i32 %j.next, %m
  br i1 %oc, label %exit, label %outer

exit:
  ret void
}

define amdgpu_kernel void @depth3(i32 %n, i32 %m, i32 %k) {
entry:
  br label %outer

outer:
  %h = phi i32 [ 0, %entry ], [ %h.next, %olatch ]
  br label %mid

mid:
  %j = phi i32 [ 0, %outer ], [ %j.next, %mlatch ]
  br label %inner

inner:
  %i = phi i32 [ 0, %mid ], [ %i.next, %inner ]
  %ptr = getelementptr inbounds [256 x i32], ptr addrspace(3) @lds, i32 0, i32 %i
  store i32 %j, ptr addrspace(3) %ptr, align 4
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp eq i32 %i.next, %n
  br i1 %c, label %mlatch, label %inner

mlatch:
  %j.next = add nuw nsw i32 %j, 1
  %mc = icmp eq i32 %j.next, %m
  br i1 %mc, label %olatch, label %mid

olatch:
  %h.next = add nuw nsw i32 %h, 1
  %oc = icmp eq i32 %h.next, %k
  br i1 %oc, label %exit, label %outer

exit:
  ret void
}
