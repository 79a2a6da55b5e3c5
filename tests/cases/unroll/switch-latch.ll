; RUN: -passes=loop-unroll -unroll-runtime -unroll-count=4
; The latch leaves the loop by a switch, not a conditional branch. The
; copies' latches are rewired as branches, so such a loop is not unrolled
; (LLVM refuses it too); unrolled, each copy's latch became a branch on the
; switch's i32 condition, which the verifier rejects. (The loop is only put
; in LCSSA form, as by LLVM.)
; expect-remark: not unrolled: only loops whose latch tests for the exit are unrolled
; expect-count: 1 switch i32 %v, label %loop [
; expect-count: 0 br i32
define i32 @switch_latch(ptr %a, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %add, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i32 %i
  %v = load i32, ptr %p, align 4
  %add = add i32 %v, %acc
  %i.next = add i32 %i, 1
  switch i32 %v, label %loop [ i32 0, label %exit ]

exit:
  ret i32 %add
}
