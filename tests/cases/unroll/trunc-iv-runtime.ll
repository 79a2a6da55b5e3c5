; RUN: -passes=loop-unroll -unroll-runtime -unroll-count=4
; A wide counter compared through a truncation (as induction-variable
; simplification leaves it): the exit test counts the narrow value, whose
; trip count is %n, so the loop is unrolled at run time with a remainder.
; The exit test is reached in every iteration (no call, no other exit), so
; the trip count needs no freeze; the wide counter stays below 2^32 and its
; steps cannot wrap. The output is opt-22's but for one value's name
; (lcmp.mod2 there).
; expect-count: 0 freeze
; expect-output: %xtraiter = and i32 %n, 3
; expect-output: %unroll_iter = sub i32 %n, %xtraiter
; expect-output: %iv.next.3 = add nuw nsw i64 %iv, 4
; expect-remark: unrolled loop by a factor of 4 with run-time trip count
define i32 @sum(ptr %a, i32 %n) {
entry:
  %empty = icmp eq i32 %n, 0
  br i1 %empty, label %exit, label %loop

loop:
  %iv = phi i64 [ %iv.next, %loop ], [ 0, %entry ]
  %s = phi i32 [ %s.next, %loop ], [ 0, %entry ]
  %p = getelementptr inbounds i32, ptr %a, i64 %iv
  %v = load i32, ptr %p, align 4
  %s.next = add i32 %v, %s
  %iv.next = add i64 %iv, 1
  %narrow = trunc i64 %iv.next to i32
  %done = icmp eq i32 %narrow, %n
  br i1 %done, label %exit, label %loop

exit:
  %r = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  ret i32 %r
}
