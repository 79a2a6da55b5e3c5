; RUN: -passes=loop-unroll
; The loop steps over <vscale x 1 x i32>: 4 * vscale bytes, not known
; before run time. After unrolling, the load at step 1 is not read from the
; table (it is entry 1 only when vscale is 1), as opt-22 leaves it; the
; load at step 0 reads entry 0.
; expect-output: store i32 10, ptr %out, align 4
; expect-count: 1 load i32
target datalayout = "e-i64:64-n32:64"

@t = internal constant [8 x i32] [i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 16, i32 17]

define void @f(ptr %out) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %tp = getelementptr <vscale x 1 x i32>, ptr @t, i64 %i
  %w = load i32, ptr %tp, align 4
  %op = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %w, ptr %op, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, 2
  br i1 %c, label %exit, label %loop

exit:
  ret void
}
