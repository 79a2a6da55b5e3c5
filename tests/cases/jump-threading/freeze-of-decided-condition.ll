; RUN: -passes=jump-threading
; A branch or switch that ran on %x proves %x neither undef nor poison, so
; a freeze of %x is %x on the edge it decided (@switch_on_frozen_copy,
; @branch_on_frozen_copy: the freeze has other users, the frozen switch or
; branch is folded all the same). A freeze only the branch uses may be
; frozen to whatever the branch needs (@implied_single_use). Not decided
; here, where LLVM 22 decides them through its value facts: a freeze of a
; value only compared with a constant on the way (@compared_not_decided),
; and a freeze with other users of a condition only implied
; (@implied_other_use); value facts do not look through a freeze.
; expect-remark: folded the branch of %a: %lt8 is true where the branch of %entry went to %a
; expect-output: switch i32 %fr, label %other [
; expect-output: br i1 %fr, label %yes, label %no
; expect-count: 2 switch i32
; expect-count: 2 %fr = freeze i32 %v
; expect-count: 1 %fr = freeze i1 %lt8
; expect-count: 1 %lt8 = icmp ult i32 %x, 8

declare void @use(i32)
declare void @g()

define void @switch_on_frozen_copy(i32 %v) {
entry:
  %fr = freeze i32 %v
  call void @use(i32 %fr)
  switch i32 %v, label %out [
    i32 3, label %a
    i32 7, label %b
  ]

a:
  switch i32 %fr, label %other [
    i32 3, label %three
  ]

b:
  %is3 = icmp eq i32 %fr, 3
  br i1 %is3, label %three, label %other

three:
  call void @g()
  ret void

other:
  ret void

out:
  ret void
}

define i32 @branch_on_frozen_copy(i1 %c) {
entry:
  %fr = freeze i1 %c
  br i1 %c, label %a, label %no

a:
  call void @g()
  br i1 %fr, label %yes, label %no

yes:
  %z = zext i1 %fr to i32
  ret i32 %z

no:
  ret i32 0
}

define void @implied_single_use(i32 %x) {
entry:
  %lt4 = icmp ult i32 %x, 4
  br i1 %lt4, label %a, label %no

a:
  call void @g()
  %lt8 = icmp ult i32 %x, 8
  %fr = freeze i1 %lt8
  br i1 %fr, label %yes, label %no

yes:
  call void @g()
  ret void

no:
  ret void
}

define void @compared_not_decided(i32 %v) {
entry:
  %is3 = icmp eq i32 %v, 3
  br i1 %is3, label %a, label %out

a:
  %fr = freeze i32 %v
  switch i32 %fr, label %other [
    i32 3, label %three
  ]

three:
  call void @g()
  ret void

other:
  ret void

out:
  ret void
}

define i32 @implied_other_use(i32 %x) {
entry:
  %lt4 = icmp ult i32 %x, 4
  br i1 %lt4, label %a, label %no

a:
  call void @g()
  %lt8 = icmp ult i32 %x, 8
  %fr = freeze i1 %lt8
  br i1 %fr, label %yes, label %no

yes:
  %z = zext i1 %fr to i32
  ret i32 %z

no:
  ret i32 0
}
