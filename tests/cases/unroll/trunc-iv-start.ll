; RUN: -passes=loop-unroll -unroll-runtime -unroll-count=2
; The counter starts at a run-time value %s: the narrow trip count is %n
; minus trunc(%s), counted in i32. The loop calls a function that may not
; return, so the exit test may never run with a poison %n: the trip count
; is frozen. No header phi starts from a constant, so the remainder goes
; before the loop, as opt-22 puts it.
; expect-count: 1 loop.prol:
; expect-output: %0 = trunc i64 %s to i32
; expect-output: %1 = sub i32 %n, %0
; expect-output: %2 = freeze i32 %1
; expect-output: %xtraiter = and i32 %2, 1
; expect-remark: unrolled loop by a factor of 2 with run-time trip count
declare void @work(i64)

define void @from(i64 %s, i32 %n) {
entry:
  br label %loop

loop:
  %iv = phi i64 [ %iv.next, %loop ], [ %s, %entry ]
  call void @work(i64 %iv)
  %iv.next = add i64 %iv, 1
  %narrow = trunc i64 %iv.next to i32
  %done = icmp eq i32 %narrow, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
