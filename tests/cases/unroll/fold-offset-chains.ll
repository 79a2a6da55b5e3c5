; RUN: -passes=loop-unroll
; After unrolling, an `add` of a constant to an `add` of a constant adds
; the sum to the inner operand, as LLVM simplifies the unrolled copies:
; each copy's `(x + 64k) + 2048` becomes `x + (64k + 2048)`. The flags stay
; where both adds had them and the constants' sum does not overflow
; (%b), and go where it does (%c: 2048 + 2147483000 passes the signed
; maximum) or where the inner add had none (%g in copies 1 and 2, whose
; `%d` has none). A `sub` is not folded. opt-22 gives the same output.
; expect-remark: completely unrolled loop with 3 iterations
; expect-output: %b.1 = add nuw nsw i32 %x, 2112
; expect-output: %c = add i32 %x, -2147482248
; expect-output: %g = add nuw i32 %x, 10
; expect-output: %g.1 = add i32 %x, 74
; expect-output: %h.2 = sub i32 %g.2, 3
define void @offsets(ptr %p, i32 %x) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %m = shl nuw nsw i32 %i, 6
  %a = add nuw nsw i32 %x, %m
  %b = add nuw nsw i32 %a, 2048
  %c = add nsw i32 %b, 2147483000
  %d = add i32 %x, %m
  %e = add nuw i32 %d, 5
  %g = add nuw i32 %e, 5
  %h = sub i32 %g, 3
  %k = add i32 %h, 1
  store volatile i32 %b, ptr %p
  store volatile i32 %c, ptr %p
  store volatile i32 %g, ptr %p
  store volatile i32 %k, ptr %p
  %i.next = add nuw nsw i32 %i, 1
  %cmp = icmp ult i32 %i.next, 3
  br i1 %cmp, label %loop, label %exit

exit:
  ret void
}
