; RUN: -passes=loop-unroll
; Three runs of the header (%i is 0, 1, then 2, when it leaves), so the
; loop is unrolled completely: the first two headers go on to their body,
; the third leaves, and the third body, never reached, ends in unreachable.
; expect-remark: completely unrolled loop with 3 iterations
; expect-count: 0 phi i32
; expect-count: 1 unreachable
; expect-count: 3 store i32
define void @fill(ptr %a) {
entry:
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %stop = icmp eq i32 %i, 2
  br i1 %stop, label %out, label %body

body:
  %q = getelementptr inbounds i32, ptr %a, i32 %i
  store i32 %i, ptr %q, align 4
  %i.next = add nuw nsw i32 %i, 1
  br label %head

out:
  ret void
}
