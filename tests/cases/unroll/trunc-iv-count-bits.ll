; RUN: -passes=loop-unroll -unroll-runtime -unroll-count=8
; The trip count of a loop testing an i2 truncation is computed in i2: a
; remainder loop for 8 copies would count groups with `niter + 8`, which is
; `niter` in i2, so the unrolled loop would never leave through its group
; test (it ran on past the exit for %n = 3, %s = 3). As LLVM, a run-time
; count needing more bits than the trip count has is not used.
; expect-remark: not unrolled: a count of 8 does not fit the 2-bit trip count
; expect-unchanged
define i64 @f(i2 %n, i16 %s) {
entry:
  %g = icmp ne i2 %n, -2
  br i1 %g, label %pre, label %exit.early

pre:
  br label %loop

loop:
  %iv = phi i16 [ %s, %pre ], [ %iv.next, %loop ]
  %acc = phi i64 [ 7, %pre ], [ %acc.next, %loop ]
  %w = zext i16 %iv to i64
  %a1 = mul i64 %acc, 31
  %acc.next = add i64 %a1, %w
  %iv.next = add nuw i16 %iv, 1
  %t = trunc i16 %iv.next to i2
  %c = icmp ult i2 %t, %n
  br i1 %c, label %loop, label %exit

exit:
  %r = phi i64 [ %acc.next, %loop ]
  ret i64 %r

exit.early:
  ret i64 -1
}
