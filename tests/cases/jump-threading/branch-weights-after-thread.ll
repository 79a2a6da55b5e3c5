; RUN: -passes=jump-threading
; The edge %small -> %test is threaded to %yes (%x < 4 implies %x < 8).
; %test is then entered only from %big, so its branch gets weights from the
; block frequencies that the weights of both branches give: %test still ran
; 3 times in 10 from %small, always to %yes, which leaves %yes 6 - 3 = 3 of
; the remaining 7. The weights are those opt-22 writes.
; expect-remark: threaded %small -> %test to %yes
; expect-output: br i1 %d, label %yes, label %no, !prof !1
; expect-output: !0 = !{!"branch_weights", i32 3, i32 7}
; expect-output: !1 = !{!"branch_weights", i32 920350136, i32 1227133512}

declare void @g()
declare void @h()

define i32 @implied(i32 %x) {
entry:
  %c = icmp ult i32 %x, 4
  br i1 %c, label %small, label %big, !prof !0

small:
  call void @g()
  br label %test

big:
  call void @h()
  br label %test

test:
  %d = icmp ult i32 %x, 8
  br i1 %d, label %yes, label %no, !prof !1

yes:
  ret i32 1

no:
  ret i32 0
}

!0 = !{!"branch_weights", i32 3, i32 7}
!1 = !{!"branch_weights", i32 6, i32 4}
