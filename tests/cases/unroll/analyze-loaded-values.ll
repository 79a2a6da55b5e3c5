; RUN: -passes=loop-unroll -unroll-threshold=4
; Each iteration adds a loaded value: the loads and adds stay in every
; copy (the simulation folds only the counter, its test and the branch),
; so the unrolled cost (8 loads, 8 adds: 16 against 40 rolled) is over the
; threshold boosted by 250% (10), and the loop stays, as in opt-22.
; expect-no-remark: simulating the iterations
; expect-count: 1 %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]

define i32 @sum(ptr %p) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %v = load volatile i32, ptr %p, align 4
  %s.next = add i32 %s, %v
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, 8
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %s.next
}
