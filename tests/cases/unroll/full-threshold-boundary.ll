; RUN: -passes=loop-unroll -unroll-threshold=22 -unroll-max-iteration-count-to-analyze=0
; Four copies of this body cost exactly 22, the threshold: a loop is
; unrolled completely only when its unrolled size is strictly below the
; threshold, so the loop stays (as in opt-22; at 23 both unroll it).
; expect-no-remark: completely unrolled
; expect-count: 1 %i = phi i32 [ 0, %entry ], [ %n, %loop ]

define void @f(ptr %p) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %n, %loop ]
  %a = getelementptr inbounds i32, ptr %p, i32 %i
  %v = load i32, ptr %a, align 4
  %w = mul i32 %v, 3
  store i32 %w, ptr %a, align 4
  %n = add nuw nsw i32 %i, 1
  %c = icmp ult i32 %n, 4
  br i1 %c, label %loop, label %exit

exit:
  ret void
}
