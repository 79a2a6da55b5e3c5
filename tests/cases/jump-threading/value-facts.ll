; RUN: -passes=jump-threading
; Branches and switches decided by value facts (ranges) known where they
; are, as LLVM's lazy value analysis gives them to its jump threading. In
; @offset, %v == 32 on the way into %l0 decides the switch on %v + 64 (96):
; it folds, and %add, 96 at the end of %l0, becomes 96 after it.
; In @join, %x > 10 on one edge into %check and %x == 7 on the other both
; decide %x > 5. In @induction, an nsw induction from 0 that stays in the
; loop only while non-negative is never negative (the loop header's test
; folds). In @assumed, an assumption in the entry block decides a weaker
; compare. In @nonnull, a load marked !nonnull, and in @deref a pointer
; loaded through, are not null. In @default, the default edge of a switch
; excludes its cases. opt-22 gives the same output.
; expect-output: call void @use(i32 96)
; expect-count: 0 switch i32 %add
; expect-count: 0 %gt5 =
; expect-count: 0 %nonneg =
; expect-count: 0 %gt3 =
; expect-count: 0 %isnull =
; expect-count: 0 %dnull =
; expect-count: 0 %is1 =
; expect-remark: folded the branch of %entry: its condition is true where it is reached

declare void @use(i32)
declare void @llvm.assume(i1)

define void @offset(i32 %v) {
entry:
  %c = icmp eq i32 %v, 32
  br i1 %c, label %l0, label %l3

l0:
  call void @use(i32 0)
  %add = add i32 %v, 64
  switch i32 %add, label %l3 [
    i32 32, label %l1
    i32 96, label %l2
  ]

l1:
  call void @use(i32 1)
  ret void

l2:
  call void @use(i32 %add)
  ret void

l3:
  call void @use(i32 3)
  ret void
}

define void @join(i32 %x, i1 %d) {
entry:
  br i1 %d, label %a, label %b

a:
  %big = icmp sgt i32 %x, 10
  br i1 %big, label %check, label %out

b:
  %seven = icmp eq i32 %x, 7
  br i1 %seven, label %check, label %out

check:
  call void @use(i32 0)
  %gt5 = icmp sgt i32 %x, 5
  br i1 %gt5, label %yes, label %out

yes:
  call void @use(i32 1)
  ret void

out:
  ret void
}

define void @induction(i32 %n) {
entry:
  br label %loop

loop:
  %iv = phi i32 [ 0, %entry ], [ %next, %latch ]
  %nonneg = icmp sge i32 %iv, 0
  br i1 %nonneg, label %latch, label %exit

latch:
  call void @use(i32 %iv)
  %next = add nsw i32 %iv, 1
  %go = icmp slt i32 %next, %n
  br i1 %go, label %loop, label %exit

exit:
  ret void
}

define void @assumed(i32 %a) {
entry:
  %atleast6 = icmp sgt i32 %a, 5
  call void @llvm.assume(i1 %atleast6)
  %gt3 = icmp sgt i32 %a, 3
  br i1 %gt3, label %yes, label %no

yes:
  call void @use(i32 1)
  ret void

no:
  ret void
}

define void @nonnull(ptr %pp, i1 %d) {
entry:
  br i1 %d, label %a, label %b

a:
  call void @use(i32 0)
  br label %b

b:
  %p = load ptr, ptr %pp, align 8, !nonnull !0
  %isnull = icmp eq ptr %p, null
  br i1 %isnull, label %null, label %fine

null:
  call void @use(i32 1)
  ret void

fine:
  ret void
}

define void @deref(ptr %q, i1 %d) {
entry:
  %field = getelementptr inbounds i8, ptr %q, i64 16
  %x = load i8, ptr %field, align 1
  br i1 %d, label %a, label %b

a:
  call void @use(i32 0)
  br label %b

b:
  %dnull = icmp eq ptr %q, null
  br i1 %dnull, label %null, label %fine

null:
  call void @use(i32 1)
  ret void

fine:
  ret void
}

define void @default(i8 %x) {
entry:
  switch i8 %x, label %dflt [
    i8 1, label %one
    i8 2, label %two
  ]

one:
  call void @use(i32 1)
  ret void

two:
  call void @use(i32 2)
  ret void

dflt:
  call void @use(i32 0)
  %is1 = icmp eq i8 %x, 1
  br i1 %is1, label %one, label %exit

exit:
  ret void
}

!0 = !{}
