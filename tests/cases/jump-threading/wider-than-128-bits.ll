; RUN: -passes=jump-threading
; Known integers are held in 128 bits: an operation on a wider type is not
; evaluated. Before, `lshr i200 4, 130` was computed as a 128-bit shift by
; 2 (the amount wrapped), so %c was taken as true on the edge from %a and
; the branch was threaded to %t: @f returned 1 where it returns 2. The
; signed compare of an i200 is not evaluated either.
; expect-count: 2 br i1 %c, label %t, label %e
; expect-no-remark: threaded
; expect-no-remark: folded

define i32 @f(i1 %d) {
entry:
  br i1 %d, label %a, label %b
a:
  br label %j
b:
  br label %j
j:
  %x = phi i200 [ 4, %a ], [ 5, %b ]
  %s = lshr i200 %x, 130
  %c = icmp eq i200 %s, 1
  br i1 %c, label %t, label %e
t:
  ret i32 1
e:
  ret i32 2
}

define i32 @g(i1 %d) {
entry:
  br i1 %d, label %a, label %b
a:
  br label %j
b:
  br label %j
j:
  %x = phi i200 [ 1, %a ], [ 5, %b ]
  %s = shl i200 %x, 199
  %c = icmp slt i200 %s, 0
  br i1 %c, label %t, label %e
t:
  ret i32 1
e:
  ret i32 2
}
