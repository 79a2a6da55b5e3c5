; RUN: -passes=loop-unroll -unroll-count=4
; A constant trip count (10) that 4 does not divide: as LLVM 22, no
; remainder loop; copy k runs the iterations k modulo 4, so only copy 1
; (iterations 1, 5 and 9, the last) keeps its exit test, the others go on
; and the last goes back to the header. The value leaving the loop is copy
; 1's.
; expect-remark: unrolled loop by a factor of 4, keeping the exit test of the copy that runs the last iteration
; expect-count: 1 %exitcond.1 = icmp eq i32 %i.next.1, 10
; expect-count: 1 %s.next.lcssa = phi i32 [ %s.next.1, %loop ]
; expect-count: 4 load i32
define i32 @sum10(ptr %a) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i32 %i
  %x = load i32, ptr %p, align 4
  %s.next = add i32 %s, %x
  %i.next = add nuw nsw i32 %i, 1
  %exitcond = icmp eq i32 %i.next, 10
  br i1 %exitcond, label %done, label %loop

done:
  ret i32 %s.next
}
