; RUN: -passes=loop-unroll -unroll-count=2
; The same header-tested loop shape, with a convergent call in the body:
; how such a loop may be unrolled (which copies keep the test every thread
; takes, and where) is not asked of the legality rules yet, so it is left
; alone.
; expect-count: 1 call i32 @sub_group_sum
; expect-remark: not unrolled: only loops whose latch tests for the exit are unrolled
declare i32 @sub_group_sum(i32) convergent

define i32 @reduce(i32 %x) convergent {
entry:
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %body ]
  %stop = icmp eq i32 %i, 8
  br i1 %stop, label %out, label %body

body:
  %r = call i32 @sub_group_sum(i32 %x) convergent
  %acc.next = add i32 %acc, %r
  %i.next = add nuw nsw i32 %i, 1
  br label %head

out:
  ret i32 %acc
}
