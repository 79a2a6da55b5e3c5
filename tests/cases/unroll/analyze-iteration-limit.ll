; RUN: -passes=loop-unroll -unroll-threshold=2 -unroll-max-iteration-count-to-analyze=7
; The loop of analyze-invariant-body.ll, with at most 7 iterations to
; simulate: its 8 are not analysed, the size alone decides, and the loop
; stays (as in opt-22).
; expect-no-remark: simulating the iterations
; expect-no-remark: unrolled
; expect-count: 1 %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]

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
