; A freeze outside the loop: every iteration sees the same value.
declare void @use(i32)

define void @f(i32 %x) {
entry:
  %p = shl nuw i32 %x, 28
  %fr = freeze i32 %p
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %v = add i32 %fr, %i
  call void @use(i32 %v)
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, 4
  br i1 %c, label %loop, label %end

end:
  ret void
}
