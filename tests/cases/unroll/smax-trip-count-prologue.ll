; RUN: -passes=loop-unroll -unroll-runtime -unroll-count=4 -unroll-runtime-epilog=false
; A signed less-than exit, the remainder before the unrolled loop: the trip
; count is smax(%n, %st + 1) - %st, at least 1 as an unsigned number but not
; as a signed one: from %st = -1 up to %n = 127 the loop runs 128 times, -128
; in i8. The count less one, which
; decides whether the unrolled loop runs, must not be an `add nsw` (poison
; for that count, and the branch on it undefined), as LLVM computes it.
; expect-remark: unrolled loop by a factor of 4 with run-time trip count
; expect-count: 1 %1 = sub i8 %smax, %st
; expect-count: 1 %2 = add i8 %1, -1
; expect-count: 0 add nsw i8 %1, -1
define i32 @count(i8 %st, i8 %n) {
entry:
  br label %loop

loop:
  %i = phi i8 [ %st, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %s.next = add i32 %s, 1
  %i.next = add nsw i8 %i, 1
  %c = icmp slt i8 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  %r = phi i32 [ %s.next, %loop ]
  ret i32 %r
}
