; RUN: -passes=loop-unroll -unroll-count=3
; The limit `mul i8 %x, 6` wraps: for %x = 43 it is 2, and the loop runs
; twice. Only the power of two dividing 6 divides every such count, so the
; trip multiple is 2, not 6, and 3 copies without a remainder (which tested
; the exit every third iteration and ran 258 times) are not made. As in
; opt-22, the loop is unrolled by 3 with every copy keeping its exit test.
; expect-remark: a multiple of 2
; expect-remark: unrolled loop by a factor of 3, keeping every copy's exit test
; expect-count: 3 icmp eq i8
define i32 @f(i8 %x) {
entry:
  %n = mul i8 %x, 6
  br label %loop

loop:
  %iv = phi i8 [ 0, %entry ], [ %iv.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %acc.next = add i32 %acc, 1
  %iv.next = add i8 %iv, 1
  %c = icmp eq i8 %iv.next, %n
  br i1 %c, label %exit, label %loop

exit:
  ret i32 %acc.next
}
