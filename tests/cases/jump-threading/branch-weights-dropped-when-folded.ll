; RUN: -passes=jump-threading
; A branch with weights that jump threading folds to an unconditional one
; loses them (weights are one per successor: two on a `br label` are
; rejected by opt-22's verifier), whether the fold comes from a condition
; implied by the dominating branch (@implied), from a constant condition
; (@constant) or from a switch on a constant (@switch).
; expect-output: br i1 %small, label %a, label %b, !prof !0
; expect-count: 4 br label %join
; expect-count: 1 !prof
; expect-count: 1 branch_weights

declare void @g()

define void @implied(i32 %x) {
entry:
  %small = icmp ult i32 %x, 4
  br i1 %small, label %a, label %b, !prof !0

a:
  call void @g()
  %smaller = icmp ult i32 %x, 8
  br i1 %smaller, label %join, label %out, !prof !1

b:
  call void @g()
  br label %join

join:
  call void @g()
  ret void

out:
  ret void
}

define void @constant(i1 %c) {
entry:
  br i1 %c, label %a, label %join

a:
  call void @g()
  %k = icmp eq i32 1, 1
  br i1 %k, label %join, label %out, !prof !1

join:
  call void @g()
  ret void

out:
  ret void
}

define void @switch(i1 %c) {
entry:
  br i1 %c, label %a, label %join

a:
  call void @g()
  switch i32 3, label %out [
    i32 3, label %join
    i32 4, label %out
  ], !prof !2

join:
  call void @g()
  ret void

out:
  ret void
}

!0 = !{!"branch_weights", i32 1, i32 9}
!1 = !{!"branch_weights", i32 2, i32 8}
!2 = !{!"branch_weights", i32 1, i32 2, i32 3}
