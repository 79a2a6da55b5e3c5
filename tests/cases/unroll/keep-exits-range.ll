; RUN: -passes=loop-unroll -unroll-count=4
; Unknown trip count, at most 15 (the i4 exit test), unrolled by 4 with
; every copy keeping its exit test: the unrolled loop's counter reaches 12
; at its header (a last pass of up to three iterations), not 11, so
; %iv + (2^63 - 12) reaches 2^63 there and wraps, as in the original loop:
; it must not gain wrap flags.
; expect-remark: unrolled loop by a factor of 4, keeping every copy's exit test
; expect-count: 1 %x = add i64 %iv, 9223372036854775796
define void @fill(ptr %a, i4 %n) {
entry:
  %empty = icmp eq i4 %n, 0
  br i1 %empty, label %exit, label %loop

loop:
  %iv = phi i64 [ %iv.next, %loop ], [ 0, %entry ]
  %x = add i64 %iv, 9223372036854775796
  %p = getelementptr inbounds i64, ptr %a, i64 %iv
  store i64 %x, ptr %p, align 8
  %iv.next = add i64 %iv, 1
  %narrow = trunc i64 %iv.next to i4
  %done = icmp eq i4 %narrow, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
