; RUN: -passes=jump-threading
; Select unfolding. In @in_block, the select in %join is on a compare of a
; phi that is the constant 7 from %a: the select becomes a branch on a
; freeze of the compare (the phi's other value, %x, may be poison) and a
; phi, and the edge from %a is then threaded past the compare. In
; @in_pred, %p passes a select of 0 or %y to the phi that %join compares
; with 0: the arm 0 decides the compare, so %p branches on the (frozen)
; select condition instead, and the edge from the new %select.unfold is
; threaded. No convergent operation anywhere: the oracle is not asked.
; opt-22 gives the same, but for the freeze in %p: LLVM 22 branches on the
; select's condition as it is, which is undefined where %d is poison
; while the select was not.
; expect-remark: unfolded %s into a branch and a phi
; expect-remark: unfolded %sel into a branch and a phi
; expect-count: 0 select i1
; expect-count: 2 %cond.fr = freeze i1
; expect-output: br i1 %cond.fr, label %zero, label %join
; expect-no-remark: not unfolding

declare void @use(i32)

define i32 @in_block(i1 %c, i32 %x, i32 %y) {
entry:
  br i1 %c, label %a, label %b

a:
  call void @use(i32 1)
  br label %join

b:
  call void @use(i32 2)
  br label %join

join:
  %p = phi i32 [ 7, %a ], [ %x, %b ]
  %cmp = icmp sgt i32 %p, 0
  %s = select i1 %cmp, i32 %y, i32 0
  ret i32 %s
}

define i32 @in_pred(i1 %c, i1 %d, i32 %x, i32 %y) {
entry:
  br i1 %c, label %p, label %q

p:
  %sel = select i1 %d, i32 0, i32 %y
  br label %join

q:
  br label %join

join:
  %v = phi i32 [ %sel, %p ], [ %x, %q ]
  %z = icmp eq i32 %v, 0
  br i1 %z, label %zero, label %other

zero:
  call void @use(i32 0)
  ret i32 0

other:
  ret i32 %v
}
