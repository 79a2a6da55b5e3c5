; A loop no thread leaves: every iteration, all threads exchange together.
declare i32 @exchange(i32) convergent

define void @f(i32 %x) convergent {
entry:
  %c = icmp slt i32 %x, 0
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  br i1 %c, label %neg, label %nonneg

neg:
  br label %latch

nonneg:
  br label %latch

latch:
  %r = call i32 @exchange(i32 %i)
  %i1 = add i32 %i, 1
  br label %loop
}
