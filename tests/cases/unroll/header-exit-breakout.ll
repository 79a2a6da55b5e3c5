; RUN: -passes=loop-unroll -unroll-count=4 -unroll-allow-remainder
; The header runs 10 times (%i from 0, leaving at 9), which 4 does not
; divide: without a remainder loop, only the copy whose header runs the
; tenth time (the second: runs 2, 6, 10) keeps the test.
; expect-remark: unrolled loop by a factor of 4, keeping the exit test of the copy that runs the last iteration
; expect-count: 1 icmp eq i16
; expect-count: 4 add i64
define i64 @sum(ptr %a) {
entry:
  br label %head

head:
  %i = phi i16 [ 0, %entry ], [ %i.next, %body ]
  %s = phi i64 [ 0, %entry ], [ %s.next, %body ]
  %stop = icmp eq i16 %i, 9
  br i1 %stop, label %out, label %body

body:
  %q = getelementptr inbounds i64, ptr %a, i16 %i
  %v = load i64, ptr %q, align 8
  %s.next = add i64 %s, %v
  %i.next = add nuw nsw i16 %i, 1
  br label %head

out:
  ret i64 %s
}
