; RUN: -passes=loop-unroll
; Pointers of address space 1 are 16 bits wide: the address 65536 + 4 bytes
; past @t wraps to @t + 4, in bounds. Each unrolled load reads the table
; entry at its wrapped offset (2 and 3, as opt-22 folds them), not poison
; as if it were past the end.
; expect-output: store i32 2, ptr %out, align 4
; expect-count: 0 poison
target datalayout = "e-p1:16:16-i64:64-n32:64"

@t = internal addrspace(1) constant [4 x i32] [i32 1, i32 2, i32 3, i32 4]

define void @f(ptr %out) {
entry:
  br label %loop

loop:
  %i = phi i16 [ 0, %entry ], [ %i.next, %loop ]
  %k = add i16 %i, 16385
  %tp = getelementptr i32, ptr addrspace(1) @t, i16 %k
  %w = load i32, ptr addrspace(1) %tp, align 4
  %op = getelementptr inbounds i32, ptr %out, i16 %i
  store i32 %w, ptr %op, align 4
  %i.next = add nuw nsw i16 %i, 1
  %c = icmp eq i16 %i.next, 2
  br i1 %c, label %exit, label %loop

exit:
  ret void
}
