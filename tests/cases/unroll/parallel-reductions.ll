; RUN: -passes=loop-unroll -unroll-runtime -unroll-count=4 -unroll-add-parallel-reductions
; -unroll-add-parallel-reductions: in @sum the xor chain gets one accumulator
; per unrolled copy (%acc.1 to %acc.3 from 0, the identity), combined after
; the unrolled loop by bin.rdx, which the remainder continues from and the
; exit reads; the chain's wrap flags go. In @product the first chain of the
; header is a mul (identity 1); the and chain after it stays as it is (one
; reduction per loop). In @running the running value is also stored, and in
; @difference the chain is a sub: neither is split. (opt-22 gives the same
; code, but for the order of some phis' incoming values and the numbering
; of the bin.rdx names.)
; expect-remark: sum:loop: loop-unroll: reduction acc split into 4 parallel accumulators
; expect-remark: product:loop: loop-unroll: reduction prod split into 4 parallel accumulators
; expect-no-remark: running:loop: loop-unroll: reduction
; expect-no-remark: difference:loop: loop-unroll: reduction
; expect-output: %acc.1 = phi i32 [ 0, %loop.preheader.new ], [ %acc.next.1, %loop ]
; expect-output: %prod.3 = phi i64 [ 1, %loop.preheader.new ], [ %prod.next.3, %loop ]
; expect-output: %acc.next.3 = xor i32 %x.3, %acc.3
; expect-output: %bin.rdx = xor i32 %acc.next.1, %acc.next
; expect-output: %prod.next = mul i64 %prod, %x
; expect-output: %bin.rdx = mul i64 %prod.next.1, %prod.next
; expect-output: %mask.next.3 = and i64 %mask.next.2, %x.3
; expect-output: %acc.next.3 = add i32 %acc.next.2, %x.3
; expect-output: %acc.next.3 = sub i32 %acc.next.2, %x.3
define i32 @sum(ptr %p, i64 %n) {
entry:
  %go = icmp sgt i64 %n, 0
  br i1 %go, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 5, %entry ], [ %acc.next, %loop ]
  %q = getelementptr inbounds i32, ptr %p, i64 %i
  %x = load i32, ptr %q
  %acc.next = xor i32 %x, %acc
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %r = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  ret i32 %r
}

define i64 @product(ptr %p, i64 %n) {
entry:
  %go = icmp sgt i64 %n, 0
  br i1 %go, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %prod = phi i64 [ 1, %entry ], [ %prod.next, %loop ]
  %mask = phi i64 [ -1, %entry ], [ %mask.next, %loop ]
  %q = getelementptr inbounds i64, ptr %p, i64 %i
  %x = load i64, ptr %q
  %prod.next = mul nsw i64 %prod, %x
  %mask.next = and i64 %mask, %x
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %r = phi i64 [ 0, %entry ], [ %prod.next, %loop ]
  %m = phi i64 [ 0, %entry ], [ %mask.next, %loop ]
  %s = add i64 %r, %m
  ret i64 %s
}

define i32 @running(ptr %p, ptr %out, i64 %n) {
entry:
  %go = icmp sgt i64 %n, 0
  br i1 %go, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %q = getelementptr inbounds i32, ptr %p, i64 %i
  %x = load i32, ptr %q
  %acc.next = add i32 %acc, %x
  %o = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %acc.next, ptr %o
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %r = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  ret i32 %r
}

define i32 @difference(ptr %p, i64 %n) {
entry:
  %go = icmp sgt i64 %n, 0
  br i1 %go, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 100, %entry ], [ %acc.next, %loop ]
  %q = getelementptr inbounds i32, ptr %p, i64 %i
  %x = load i32, ptr %q
  %acc.next = sub i32 %acc, %x
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %r = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  ret i32 %r
}
