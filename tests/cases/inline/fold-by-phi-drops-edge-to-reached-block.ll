; RUN: -passes=inline
; In the copy of @pick, %mid's branch is on a phi that is false from both
; %top and %left once %left's constant branch is folded, so the edge from
; %mid to %join goes. %join is still reached (from %left and %tail) and no
; block is dropped, but its phi must lose the entry from %mid.
; expect-output: %r.i = phi i32 [ 7, %left.i ], [ 9, %mid.i ]
; expect-count: 0 [ 8, %mid.i ]
define internal i32 @pick(i32 %x) {
top:
  %z = icmp eq i32 %x, 0
  br i1 %z, label %mid, label %left

left:
  br i1 false, label %mid, label %join

mid:
  %go = phi i1 [ false, %top ], [ false, %left ]
  br i1 %go, label %join, label %tail

tail:
  br label %join

join:
  %r = phi i32 [ 7, %left ], [ 8, %mid ], [ 9, %tail ]
  ret i32 %r
}

define i32 @caller(i32 %x) {
entry:
  %v = call i32 @pick(i32 %x)
  ret i32 %v
}
