; RUN: -passes=loop-unroll -unroll-count=8
; Without a guard an i2 truncation may wrap all the way round: %n == 0 runs
; the loop 4 times (the narrow counter goes 1, 2, 3, 0). The maximum trip
; count is then 4, not 3: asked for 8 copies, the loop becomes 4, the last
; without an exit test (opt-22's output).
; expect-count: 3 icmp eq i2
; expect-output: %iv.next.lcssa = phi i32 [ 1, %loop ], [ 2, %loop.1 ], [ 3, %loop.2 ], [ 4, %loop.3 ]
define i32 @count(i2 %n) {
entry:
  br label %loop

loop:
  %iv = phi i32 [ %iv.next, %loop ], [ 0, %entry ]
  %iv.next = add i32 %iv, 1
  %narrow = trunc i32 %iv.next to i2
  %done = icmp eq i2 %narrow, %n
  br i1 %done, label %exit, label %loop

exit:
  ret i32 %iv.next
}
