; RUN: -passes=loop-unroll -unroll-count=4
; The constant trip count 127 in i8, unrolled by 4 with copy 2 keeping the
; exit test: the unrolled loop's counter reaches 124 at its header (the
; last pass runs three iterations), so %x = %i + 4 reaches 128 and wraps,
; as in the original loop: it must not gain wrap flags.
; expect-remark: unrolled loop by a factor of 4, keeping the exit test of the copy that runs the last iteration
; expect-count: 1 %x = add i8 %i, 4
define void @range(ptr %out) {
entry:
  br label %loop

loop:
  %i = phi i8 [ 0, %entry ], [ %i.next, %loop ]
  %x = add i8 %i, 4
  %p = getelementptr inbounds i8, ptr %out, i8 %i
  store i8 %x, ptr %p, align 1
  %i.next = add nuw nsw i8 %i, 1
  %done = icmp eq i8 %i.next, 127
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
