; RUN: -passes=loop-unroll
; The header leaves the first time it runs: unrolled completely with one
; copy, whose header keeps its (now constant) test and whose body, never
; reached, ends in unreachable, as in opt-22.
; expect-remark: completely unrolled loop with 1 iterations
; expect-count: 1 unreachable
; expect-count: 0 load
define i32 @one(ptr %a) {
entry:
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %s = phi i32 [ 5, %entry ], [ %s.next, %body ]
  %stop = icmp eq i32 %i, 0
  br i1 %stop, label %out, label %body
body:
  %v = load i32, ptr %a
  %s.next = add i32 %s, %v
  %i.next = add nuw nsw i32 %i, 1
  br label %head
out:
  ret i32 %s
}
