; RUN: -passes=loop-unroll -unroll-count=32
; An i4 truncation of the counter: the trip count is %n (mod 16) and, since
; the loop is entered only when %n is not 0, at most 15. Asked for 32
; copies, the loop is unrolled completely up to that bound, every copy but
; the last keeping its exit test (14 tests, and the guard), as opt-22 does
; (identical output).
; expect-count: 15 icmp eq i4
; expect-count: 15 store i8 1
; expect-count: 0 phi i64
; expect-output: store i8 1, ptr %a, align 1
; expect-output: %p.14 = getelementptr inbounds i8, ptr %a, i64 14
; expect-remark: completely unrolled loop with at most 15 iterations
define void @fill(ptr %a, i4 %n) {
entry:
  %empty = icmp eq i4 %n, 0
  br i1 %empty, label %exit, label %loop

loop:
  %iv = phi i64 [ %iv.next, %loop ], [ 0, %entry ]
  %p = getelementptr inbounds i8, ptr %a, i64 %iv
  store i8 1, ptr %p, align 1
  %iv.next = add i64 %iv, 1
  %narrow = trunc i64 %iv.next to i4
  %done = icmp eq i4 %narrow, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
