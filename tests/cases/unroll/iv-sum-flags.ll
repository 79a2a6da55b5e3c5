; RUN: -passes=loop-unroll -unroll-count=4
; The variable runs over [0, 59]; the unrolled loop's header phi over
; [0, 56]. `%x = add i8 %iv, 100` is not a step of the variable: it wraps
; (signed) for %iv above 27, so it must not be given `nsw` (instcombine
; then folded the sign test to false: 0 instead of 32). The steps of the
; variable, at most 56 + 4, keep both flags.
; expect-output: %x = add i8 %iv, 100
; expect-output: %x.3 = add i8 %iv, 103
; expect-output: %iv.next.3 = add nuw nsw i8 %iv, 4
define i32 @f(i8 %n) {
entry:
  br label %loop

loop:
  %iv = phi i8 [ 0, %entry ], [ %iv.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %x = add i8 %iv, 100
  %neg = icmp slt i8 %x, 0
  %z = zext i1 %neg to i32
  %acc.next = add i32 %acc, %z
  %iv.next = add nsw i8 %iv, 1
  %c = icmp eq i8 %iv.next, 60
  br i1 %c, label %exit, label %loop

exit:
  ret i32 %acc.next
}
