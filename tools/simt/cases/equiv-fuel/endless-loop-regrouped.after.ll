; expect: not equivalent
; The exchange sunk into both sides of the divergent branch: threads with a
; negative %x now exchange apart from the others, in every iteration of a
; loop that never ends.
declare i32 @exchange(i32) convergent

define void @f(i32 %x) convergent {
entry:
  %c = icmp slt i32 %x, 0
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  br i1 %c, label %neg, label %nonneg

neg:
  %r.neg = call i32 @exchange(i32 %i)
  br label %latch

nonneg:
  %r.nonneg = call i32 @exchange(i32 %i)
  br label %latch

latch:
  %i1 = add i32 %i, 1
  br label %loop
}
