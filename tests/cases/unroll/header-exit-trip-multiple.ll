; RUN: -passes=loop-unroll -unroll-count=4
; The loop tests for its exit in its header (%i == 11: the header runs 12
; times) and its latch leaves early when a byte is zero. Unrolled by 4,
; which divides 12: only the last copy's header can leave, so the other
; headers go straight on to their body; every latch keeps its own exit.
; expect-remark: unrolled loop by a factor of 4
; expect-no-remark: keeping every copy
; expect-count: 1 icmp eq i32
; expect-count: 4 icmp eq i8
; expect-count: 5 br i1
define i32 @count_nonzero(ptr %p) {
entry:
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %done = icmp eq i32 %i, 11
  br i1 %done, label %out, label %body

body:
  %q = getelementptr inbounds i8, ptr %p, i32 %i
  %b = load i8, ptr %q, align 1
  %i.next = add nuw nsw i32 %i, 1
  %z = icmp eq i8 %b, 0
  br i1 %z, label %out, label %head

out:
  %r = phi i32 [ -1, %head ], [ %i, %body ]
  ret i32 %r
}
