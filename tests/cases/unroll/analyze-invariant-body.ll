; RUN: -passes=loop-unroll -unroll-threshold=2 -unroll-max-percent-threshold-boost=100
; By size alone 8 copies of this body are far over the threshold of 2. But
; simulating the iterations shows the counter, its test and the branch fold
; in every copy, and the loop-invariant %m and %s are needed once: the
; unrolled cost is 0 against 40 rolled, so the loop is unrolled completely
; (opt-22's output, identical), leaving only the last copy's %m and %s.
; expect-remark: simulating the iterations: 0 unrolled against 40 rolled
; expect-remark: completely unrolled loop with 8 iterations
; expect-count: 0 phi
; expect-count: 1 mul i32 %x, 3
; expect-output: %s.7 = sub i32 %m.7, %x

define i32 @last(i32 %x) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %m = mul i32 %x, 3
  %s = sub i32 %m, %x
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp ult i32 %i.next, 8
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %s
}
