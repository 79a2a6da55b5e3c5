; RUN: -passes=loop-unroll -unroll-threshold=12 -unroll-max-percent-threshold-boost=400
; A table that is zeroinitializer: every entry reads as zero, every
; product and sum folds, and the completely unrolled loop returns 0 (as in
; opt-22).
; expect-remark: simulating the iterations
; expect-count: 0 load i32
; expect-output: ret i32 0
target datalayout = "e-i64:64-n32:64"

@t = internal constant [10 x i32] zeroinitializer

define i32 @f(ptr %p) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %tp = getelementptr inbounds [10 x i32], ptr @t, i64 0, i64 %i
  %w = load i32, ptr %tp, align 4
  %ww = add i32 %w, 0
  %vp = getelementptr inbounds i32, ptr %p, i64 %i
  %v = load i32, ptr %vp, align 4
  %x = mul i32 %v, %ww
  %s.next = add i32 %x, %s
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, 10
  br i1 %c, label %exit, label %loop

exit:
  ret i32 %s.next
}
