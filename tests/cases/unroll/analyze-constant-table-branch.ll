; RUN: -passes=loop-unroll -unroll-max-iteration-count-to-analyze=20 -unroll-threshold=6 -unroll-max-percent-threshold-boost=400
; The body is taken only where the constant table @mask is not zero (two of
; twelve entries). Simulating the iterations reads the table at the offsets
; the counter gives, so the compare and the branch on the entry fold, and
; the body of the other ten iterations is never reached (14 unrolled
; against 98 rolled): with the threshold boosted by 400% (24) the loop is
; completely unrolled, and afterwards the loads of the table fold to their
; entries, as in opt-22. (With a boost of 200%, 12, it stays, as in opt-22.)
; expect-remark: simulating the iterations: 14 unrolled against 98 rolled
; expect-count: 0 load i8
; expect-count: 2 load i32
; expect-output: %x.2 = mul i32 %v.2, 3
target datalayout = "e-i64:64-n32:64"

@mask = internal constant [12 x i8] [i8 0, i8 0, i8 3, i8 0, i8 0, i8 0, i8 0, i8 0, i8 0, i8 7, i8 0, i8 0]

define i32 @weighted(ptr %p) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %latch ]
  %mp = getelementptr inbounds [12 x i8], ptr @mask, i64 0, i64 %i
  %m = load i8, ptr %mp, align 1
  %skip = icmp eq i8 %m, 0
  br i1 %skip, label %latch, label %use

use:
  %vp = getelementptr inbounds i32, ptr %p, i64 %i
  %v = load i32, ptr %vp, align 4
  %mw = zext i8 %m to i32
  %x = mul i32 %v, %mw
  %y = xor i32 %x, %s
  %z = add i32 %y, 17
  br label %latch

latch:
  %s.next = phi i32 [ %z, %use ], [ %s, %loop ]
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, 12
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %s.next
}
