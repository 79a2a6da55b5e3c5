; RUN: -passes=loop-unroll
; AMDGPU's unrolling preferences allow runtime unrolling for a loop that
; addresses local memory (addrspace(3)) from a global variable with an
; index computed in the loop (and raise its threshold to 1000); a loop
; addressing only global memory keeps the default (no runtime unrolling).
; opt-22 makes the same decisions for both loops.
; expect-remark: lds.loop: loop-unroll: target preference: runtime unrolling allowed for a local-memory address
; expect-remark: lds.loop: loop-unroll: target preference: threshold 1000 for a local-memory address in %lds.loop
; expect-remark: lds.loop: loop-unroll: unrolled loop by a factor of 8 with run-time trip count
; expect-no-remark: global.loop: loop-unroll: unrolled
; expect-count: 1 global.loop:
target triple = "amdgcn-amd-amdhsa"

@lds = internal unnamed_addr addrspace(3) global [256 x i32] poison, align 4

define void @two_loops(ptr addrspace(1) %out, i32 %n, i32 %m) {
entry:
  %cmp = icmp sgt i32 %n, 0
  br i1 %cmp, label %lds.loop, label %global.preheader

lds.loop:
  %iv = phi i32 [ 0, %entry ], [ %iv.next, %lds.loop ]
  %idx = zext i32 %iv to i64
  %ptr = getelementptr inbounds [256 x i32], ptr addrspace(3) @lds, i64 0, i64 %idx
  store i32 %iv, ptr addrspace(3) %ptr, align 4
  %iv.next = add nuw nsw i32 %iv, 1
  %exitcond = icmp eq i32 %iv.next, %n
  br i1 %exitcond, label %global.preheader, label %lds.loop

global.preheader:
  %cmp2 = icmp sgt i32 %m, 0
  br i1 %cmp2, label %global.loop, label %exit

global.loop:
  %jv = phi i32 [ 0, %global.preheader ], [ %jv.next, %global.loop ]
  %jdx = zext i32 %jv to i64
  %gptr = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %jdx
  store i32 %jv, ptr addrspace(1) %gptr, align 4
  %jv.next = add nuw nsw i32 %jv, 1
  %exitcond2 = icmp eq i32 %jv.next, %m
  br i1 %exitcond2, label %exit, label %global.loop

exit:
  ret void
}
