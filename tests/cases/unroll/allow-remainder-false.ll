; RUN: -passes=loop-unroll -unroll-runtime -unroll-count=4 -unroll-allow-remainder=false
; -unroll-allow-remainder=false: a count that needs a remainder loop is not
; taken. @even's trip count %n * 2 is a multiple of 2, so the count 4 is
; lowered to 2 and no remainder is needed; @any's trip count may be odd, so
; it is not unrolled. LLVM 22 does the same (its output differs only in the
; order of a phi's incoming values).
; expect-remark: unroll count reduced from 4 to 2, which divides the trip multiple 2: a remainder loop is not allowed: -unroll-allow-remainder=false
; expect-remark: a remainder loop is not allowed: -unroll-allow-remainder=false
; expect-no-remark: with run-time trip count
define void @even(ptr %p, i32 %n) {
entry:
  %m = shl nuw nsw i32 %n, 1
  %guard = icmp sgt i32 %n, 0
  br i1 %guard, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %q = getelementptr i32, ptr %p, i32 %i
  store i32 %i, ptr %q
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %m
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
define void @any(ptr %p, i32 %n) {
entry:
  %guard = icmp sgt i32 %n, 0
  br i1 %guard, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %q = getelementptr i32, ptr %p, i32 %i
  store i32 %i, ptr %q
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
