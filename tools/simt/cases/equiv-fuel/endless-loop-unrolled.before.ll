; A loop no thread leaves, exchanging among the threads that are still in
; it at every iteration.
declare i32 @exchange(i32) convergent
declare void @use(i32)

define void @f(i32 %x) convergent {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %r = call i32 @exchange(i32 %i)
  call void @use(i32 %x)
  %i1 = add i32 %i, 1
  br label %loop
}
