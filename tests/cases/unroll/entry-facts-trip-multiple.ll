; RUN: -passes=loop-unroll -unroll-runtime -unroll-count=4
; The trip count of a `slt` loop from 0 is smax(%n, 1); entered only when
; %n > 0, it is %n. What the blocks leading to the loop establish about %n
; then gives its trip multiple: in @masked an assume that its two low bits
; are clear, in @rem a branch taken only when %n urem 8 is 0, in @picked the
; larger of two such values (both multiples of 4). The loops are unrolled by
; 4 without a remainder (opt-22 does so for @masked and @rem; in @picked it
; does not use the branch on the srem, and keeps a remainder). In @partial the mask leaves bit 0 unknown: a
; remainder loop is needed, and the trip count is %n, without smax.
; expect-remark: masked:loop: loop-unroll: unrolled loop by a factor of 4
; expect-no-remark: masked:loop: loop-unroll: unrolled loop by a factor of 4 with
; expect-remark: rem:loop: loop-unroll: unrolled loop by a factor of 4
; expect-no-remark: rem:loop: loop-unroll: unrolled loop by a factor of 4 with
; expect-remark: picked:loop: loop-unroll: unrolled loop by a factor of 4
; expect-no-remark: picked:loop: loop-unroll: unrolled loop by a factor of 4 with
; expect-remark: partial:loop: loop-unroll: unrolled loop by a factor of 4 with run-time trip count
; expect-count: 0 call i32 @llvm.smax
; expect-count: 1 %xtraiter = and i32 %n, 3
define void @masked(ptr %p, i32 %n) {
entry:
  %low = and i32 %n, 3
  %clear = icmp eq i32 %low, 0
  call void @llvm.assume(i1 %clear)
  %pos = icmp sgt i32 %n, 0
  br i1 %pos, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %q = getelementptr inbounds i16, ptr %p, i32 %i
  store i16 7, ptr %q
  %i.next = add nuw nsw i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

define void @rem(ptr %p, i32 %n) {
entry:
  %r = urem i32 %n, 8
  %odd = icmp ne i32 %r, 0
  br i1 %odd, label %exit, label %check
check:
  %nonpos = icmp slt i32 %n, 1
  br i1 %nonpos, label %exit, label %loop
loop:
  %i = phi i32 [ 0, %check ], [ %i.next, %loop ]
  %q = getelementptr inbounds i16, ptr %p, i32 %i
  %v = load i16, ptr %q
  %w = xor i16 %v, 21
  store i16 %w, ptr %q
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp sge i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define void @picked(ptr %p, i32 %a, i32 %b) {
entry:
  %ra = and i32 %a, 7
  %ca = icmp eq i32 %ra, 0
  call void @llvm.assume(i1 %ca)
  %rb = srem i32 %b, 4
  %cb = icmp eq i32 %rb, 0
  br i1 %cb, label %pick, label %exit
pick:
  %bigger = icmp sgt i32 %a, %b
  %n = select i1 %bigger, i32 %a, i32 %b
  %pos = icmp sgt i32 %n, 0
  br i1 %pos, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %pick ], [ %i.next, %loop ]
  %q = getelementptr inbounds i32, ptr %p, i32 %i
  store i32 %i, ptr %q
  %i.next = add nuw nsw i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

define void @partial(ptr %p, i32 %n) {
entry:
  %low = and i32 %n, 6
  %clear = icmp eq i32 %low, 0
  call void @llvm.assume(i1 %clear)
  %pos = icmp sgt i32 %n, 0
  br i1 %pos, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %q = getelementptr inbounds i16, ptr %p, i32 %i
  store i16 7, ptr %q
  %i.next = add nuw nsw i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

declare void @llvm.assume(i1 noundef)
