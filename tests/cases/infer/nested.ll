; RUN: -passes=infer-convergence-tokens
; Nested loops: the inner heart uses the outer heart, and the outer loop
; gets a heart even though its only convergent operation is in the inner
; loop. The sibling inner loop without convergent operations gets no heart
; (so it stays unrollable with a remainder).
; expect-remark: inferred convergence control: entry token, 2 loop hearts, 1 bundle
; expect-output: %tok.loop1 = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %tok.loop) ]
declare void @barrier() convergent

define void @nested(i32 %n, i32 %m) convergent {
entry:
  br label %outer

outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  br label %inner

inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner ]
  call void @barrier()
  %j.next = add i32 %j, 1
  %j.done = icmp eq i32 %j.next, %m
  br i1 %j.done, label %plain, label %inner

plain:
  %k = phi i32 [ 0, %inner ], [ %k.next, %plain ]
  %k.next = add i32 %k, 1
  %k.done = icmp eq i32 %k.next, %m
  br i1 %k.done, label %outer.latch, label %plain

outer.latch:
  %i.next = add i32 %i, 1
  %i.done = icmp eq i32 %i.next, %n
  br i1 %i.done, label %exit, label %outer

exit:
  ret void
}
