; RUN: -passes=loop-unroll -unroll-runtime
; The trip count of an i2 exit test is at most 4, below LLVM's bound of 8
; for runtime unrolling: with -unroll-runtime but no count the loop is not
; worth a remainder and stays, as in opt-22.
; expect-unchanged
; expect-remark: not unrolled at run time: at most 4 iterations
define void @small(ptr %a, i2 %n) {
entry:
  br label %loop

loop:
  %iv = phi i64 [ %iv.next, %loop ], [ 0, %entry ]
  %p = getelementptr inbounds i32, ptr %a, i64 %iv
  store i32 0, ptr %p, align 4
  %iv.next = add i64 %iv, 1
  %narrow = trunc i64 %iv.next to i2
  %done = icmp eq i2 %narrow, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
