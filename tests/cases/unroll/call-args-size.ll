; RUN: -passes=loop-unroll -unroll-threshold=32 -unroll-max-iteration-count-to-analyze=0 -unroll-allow-partial=false
; A call that stays a call costs one more for each argument it passes (as
; LLVM's code-size cost of calls): the loop's size is 7 (the call 4, the
; add, compare and branch 1 each, the phi nothing), and unrolled 6 times
; (7 - 2) * 6 + 2 = 32, not below the threshold 32: the loop stays, as in
; opt-22 (which unrolls it completely at 33). Counting the call 1 gave 14
; and a complete unrolling.
; expect-remark: trip count 6; size 7
; expect-no-remark: completely unrolled
target triple = "x86_64-unknown-linux-gnu"

declare void @g(i32, i32, i32)

define void @f(i32 %x) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @g(i32 %i, i32 %x, i32 %x)
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp eq i32 %i.next, 6
  br i1 %c, label %done, label %loop

done:
  ret void
}
