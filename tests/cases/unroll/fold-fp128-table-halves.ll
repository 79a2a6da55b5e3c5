; RUN: -passes=loop-unroll
; The loop reads the fp128 constant 1.0 as two i64 words. Memory holds the
; low word (0) first and the high word (0x3FFF000000000000) second, while
; the IR writes fp128 constants with 0xL and the low word first, so the
; bytes are not those of the hexadecimal digits read as one 128-bit
; number. The unrolled loads are left alone, as opt-22 leaves them (it does
; not read fp128 constants' bytes), rather than folded with the two words
; swapped.
; expect-count: 2 load i64
; expect-count: 0 store i64 4611404543450677248, ptr %out
target datalayout = "e-i64:64-n32:64"

@q = internal constant fp128 0xL00000000000000003FFF000000000000

define void @f(ptr %out) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %qp = getelementptr inbounds i64, ptr @q, i64 %i
  %w = load i64, ptr %qp, align 8
  %op = getelementptr inbounds i64, ptr %out, i64 %i
  store i64 %w, ptr %op, align 8
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, 2
  br i1 %c, label %exit, label %loop

exit:
  ret void
}
