; RUN: -passes=loop-unroll -unroll-threshold=12 -unroll-max-percent-threshold-boost=400
; Each iteration adds p[i] times an entry of the constant table @t, and
; all entries but one are zero. Simulating the iterations reads the entries:
; nine products are multiplications by zero, and the loads of p[i] feeding
; them are dead once unrolled, so the estimate is small and the loop is
; completely unrolled; afterwards only the load of p[3] is left, as in
; opt-22.
; expect-remark: simulating the iterations
; expect-count: 1 load i32
; expect-output: %x.3 = mul i32 %v.3, 5
target datalayout = "e-i64:64-n32:64"

@t = internal constant [10 x i32] [i32 0, i32 0, i32 0, i32 5, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0]

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
