; RUN: -passes=loop-unroll -unroll-threshold=12 -unroll-max-percent-threshold-boost=400
; As analyze-constant-table-products, but the constant table has weak
; linkage: the definition linked in may hold other entries, so the
; simulation does not read them and the loop stays (as in opt-22).
; expect-no-remark: simulating the iterations
; expect-count: 1 %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
target datalayout = "e-i64:64-n32:64"

@t = weak constant [10 x i32] [i32 0, i32 0, i32 0, i32 5, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0]

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
