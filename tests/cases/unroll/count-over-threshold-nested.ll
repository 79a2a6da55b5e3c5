; RUN: -passes=loop-unroll -unroll-count=4 -unroll-threshold=40
; -unroll-count is used only while the unrolled loop stays under the
; threshold, as in LLVM: the inner loop is unrolled by 4, and the outer
; loop, which now holds four copies of the inner body, is left alone.
; Unrolling it too would copy the inner copies again: code growing by the
; count at every level of nesting (500 nested loops never finished).
; expect-remark: unrolled loop by a factor of 4, keeping every copy's exit test
; expect-remark: unroll count 4 not used: the unrolled size
; expect-count: 4 store volatile i32 %j
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @nest(i32 %n, i32 %m, ptr addrspace(1) %p) {
entry:
  br label %outer

outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  br label %inner

inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner ]
  store volatile i32 %j, ptr addrspace(1) %p
  %j.next = add i32 %j, 1
  %stop = load volatile i1, ptr addrspace(1) %p
  br i1 %stop, label %outer.latch, label %inner

outer.latch:
  %i.next = add i32 %i, 1
  %again = icmp slt i32 %i.next, %n
  br i1 %again, label %outer, label %exit

exit:
  ret void
}
