; expect: equivalent
; Unrolled by two, with more arithmetic per iteration: the threads run out
; of fuel at other points, but every event both runs completed agrees.
declare i32 @exchange(i32) convergent
declare void @use(i32)

define void @f(i32 %x) convergent {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i2, %loop ]
  %r = call i32 @exchange(i32 %i)
  call void @use(i32 %x)
  %i1 = add i32 %i, 1
  %j = mul i32 %i1, 1
  %r1 = call i32 @exchange(i32 %j)
  call void @use(i32 %x)
  %i2 = add i32 %j, 1
  br label %loop
}
