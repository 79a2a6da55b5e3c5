; RUN: -passes=loop-unroll -unroll-runtime -unroll-count=4
; The remainder after the unrolled loop, for a signed less-than exit whose
; test may never run: @maybe_exit need not return, so %n may be poison in a
; call that is well defined (the loop stops in its first iteration). The
; trip count smax(%n, 1), computed in the preheader and branched on there,
; is frozen as a difference would be (LLVM freezes it too); unfrozen, the
; branch on poison let opt -O2 delete the call to @maybe_exit.
; expect-remark: unrolled loop by a factor of 4 with run-time trip count
; expect-count: 1 = freeze i32 %smax
; expect-count: 1 %xtraiter = and i32 %0, 3
declare void @maybe_exit(i32)

define void @f(i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @maybe_exit(i32 %i)
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret void
}
