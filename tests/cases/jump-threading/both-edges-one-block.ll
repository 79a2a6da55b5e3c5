; RUN: -passes=jump-threading
; A conditional branch with both edges to one block gives that block's phis
; one entry per edge. When the condition becomes known (here %c, decided by
; the dominating branch in %entry; in @constant a constant), the branch
; keeps one edge, and the phis must keep one entry for it, not two.
; expect-count: 1 %p = phi i32 [ 1, %entry ], [ 2, %b ]
; expect-count: 1 %q = phi i32 [ 1, %entry ], [ 2, %b ]
define i32 @implied(i1 %c) {
entry:
  br i1 %c, label %a, label %b

a:
  br i1 %c, label %join, label %join

b:
  br label %join

join:
  %p = phi i32 [ 1, %a ], [ 1, %a ], [ 2, %b ]
  ret i32 %p
}

define i32 @constant(i1 %c) {
entry:
  br i1 %c, label %a, label %b

a:
  br i1 true, label %join, label %join

b:
  br label %join

join:
  %q = phi i32 [ 1, %a ], [ 1, %a ], [ 2, %b ]
  ret i32 %q
}
