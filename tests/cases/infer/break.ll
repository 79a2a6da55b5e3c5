; RUN: -passes=infer-convergence-tokens
; A break out of a loop (the spec's "divergent exit"): the operation in the
; break block is outside the loop, so it uses the entry token; the one in the
; loop uses the heart.
; expect-remark: inferred convergence control: entry token, 1 loop heart, 2 bundles
; expect-output: call void @barrier() [ "convergencectrl"(token %tok.entry) ]
; expect-output: call void @barrier() [ "convergencectrl"(token %tok.loop) ]
declare void @barrier() convergent

define void @break(i32 %n, i32 %x) convergent {
entry:
  br label %for

for:
  %i = phi i32 [ 0, %entry ], [ %i.next, %continue ]
  %cond = icmp eq i32 %i, %x
  br i1 %cond, label %brk, label %continue

brk:
  call void @barrier()
  br label %exit

continue:
  call void @barrier()
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %for

exit:
  ret void
}
