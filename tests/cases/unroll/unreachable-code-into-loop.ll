; RUN: -passes=loop-unroll -unroll-count=3 -unroll-allow-remainder
; The loop at %B1 (%B1, %B6, %G6_0) is entered at %B6 from %B5, which only
; unreachable code (%B2, %G5_0) reaches; the exit reads %B5.s0 along the edge
; from %G5_0. Walking back from the latch took %B5 and %G5_0 into the loop,
; and LCSSA then gave the exit a phi reading %B5.s0 along edges it does not
; dominate (the verifier refused the output: "Instruction does not dominate
; all uses"). Reduced from a program of lli-loop-differential.py. Loops that
; unreachable code branches into are left alone.
; expect-remark: not unrolled: code not reachable from the loop's header branches into it
; expect-count: 0 .lcssa = phi i32 [ %B5.s0
define i32 @f() {
entry:
  br label %B0

B0:                                               ; preds = %G0_0, %entry
  br i1 false, label %G0_0, label %B1

B1:                                               ; preds = %G6_0, %B0
  br i1 false, label %B3, label %B6

B2:                                               ; No predecessors!
  switch i32 0, label %B4 [
    i32 1000, label %B5
  ]

B3:                                               ; preds = %B3, %B1
  br label %B3

B4:                                               ; preds = %B4, %B2
  br i1 false, label %B4, label %exit

B5:                                               ; preds = %G5_0, %B2
  %B5.s0 = phi i32 [ 0, %B2 ], [ 0, %G5_0 ]
  br label %B6

B6:                                               ; preds = %B5, %B1
  br i1 false, label %G6_0, label %exit

G0_0:                                             ; preds = %B0
  br i1 false, label %B0, label %exit

G5_0:                                             ; No predecessors!
  br i1 false, label %B5, label %exit

G6_0:                                             ; preds = %B6
  br i1 false, label %B1, label %exit

exit:                                             ; preds = %G6_0, %G5_0, %G0_0, %B6, %B4
  %e0 = phi i32 [ 0, %G6_0 ], [ 0, %B4 ], [ 0, %B6 ], [ 0, %G0_0 ], [ %B5.s0, %G5_0 ]
  ret i32 0
}
