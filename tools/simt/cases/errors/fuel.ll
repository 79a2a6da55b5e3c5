; run: --threads 2 --func spin --args 0 --fuel 1000
; expect-error: limit reached: thread 0: fuel exhausted after 1000 instructions in @spin/%loop
define void @spin(i32 %x) {
entry:
  br label %loop
loop:
  %i = phi i32 [ %x, %entry ], [ %j, %loop ]
  %j = add i32 %i, 1
  br label %loop
}
