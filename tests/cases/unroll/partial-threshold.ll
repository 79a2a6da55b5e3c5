; RUN: -passes=loop-unroll -unroll-allow-partial -unroll-partial-threshold=20 -unroll-peel-count=0 -unroll-max-iteration-count-to-analyze=0 -unroll-max-percent-threshold-boost=400
; -unroll-partial-threshold bounds the partially unrolled loop's size: the
; loop costs 7, of which the 2 of the latch's compare and branch are not
; copied, so 3 copies (3 * 5 + 2 = 17) fit 20 and 4 would not; the count is
; then lowered to 2, which divides the 64 iterations (no remainder). The
; other options (no peeling, no simulated cost) change nothing. The same
; output as opt-22's.
; expect-remark: unrolled loop by a factor of 2
; expect-count: 2 store i32
define void @f(ptr %p, i32 %x) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %v = mul i32 %i, %x
  %w = add i32 %v, 7
  %q = getelementptr i32, ptr %p, i32 %i
  store i32 %w, ptr %q
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 64
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
