; RUN: -passes=jump-threading
; Before a branch on a phi is threaded, constants of the phi that the
; branch's weights make unlikely bound the weights of the edges bringing
; them (see each function). The output is the same as opt-22's.
; expect-output: br i1 %c, label %join.thread, label %join, !prof !0
; expect-output: br i1 %c, label %join.thread, label %join, !prof !2
; expect-output: !0 = !{!"branch_weights", i32 21474836, i32 2126008812}
; expect-output: !2 = !{!"branch_weights", i32 50, i32 50}
; expect-output: !1 = !{!"branch_weights", i32 0, i32 -2147483648}
; expect-output: !3 = !{!"branch_weights", i32 42949672, i32 2104533976}
; expect-count: 5 !prof
declare void @g()
declare void @h()
declare i1 @p()

; %join's branch on %flag goes to %rare 1 time in 100, and %flag is true
; on the edge from %left: so %entry -> %left is at most 1 in 100 likely,
; and %entry's branch, which had no weights, gets those (before %left is
; threaded to %rare).
define void @bound(i1 %c) {
entry:
  br i1 %c, label %left, label %right

left:
  call void @g()
  br label %join

right:
  %q = call i1 @p()
  br label %join

join:
  %flag = phi i1 [ true, %left ], [ %q, %right ]
  br i1 %flag, label %rare, label %common, !prof !0

rare:
  call void @h()
  ret void

common:
  ret void
}

; The same shape, but %entry's branch has weights already: they stay.
define void @kept(i1 %c) {
entry:
  br i1 %c, label %left, label %right, !prof !1

left:
  call void @g()
  br label %join

right:
  %q = call i1 @p()
  br label %join

join:
  %flag = phi i1 [ true, %left ], [ %q, %right ]
  br i1 %flag, label %rare, label %common, !prof !0

rare:
  call void @h()
  ret void

common:
  ret void
}

; %flag is false on the edge from %left, the likely way: nothing is
; inferred (a bound of 99 in 100 says nothing), %entry's branch stays
; without weights.
define void @likely(i1 %c) {
entry:
  br i1 %c, label %left, label %right

left:
  call void @g()
  br label %join

right:
  %q = call i1 @p()
  br label %join

join:
  %flag = phi i1 [ false, %left ], [ %q, %right ]
  br i1 %flag, label %rare, label %common, !prof !0

rare:
  call void @h()
  ret void

common:
  ret void
}

!0 = !{!"branch_weights", i32 1, i32 99}
!1 = !{!"branch_weights", i32 50, i32 50}
