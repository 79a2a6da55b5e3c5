; RUN: -passes=loop-simplify
; A loop with a heart and two latches: the backedge block joins the cycle
; and the heart stays first in the header, so every iteration still meets
; it once; the anchor-controlled call keeps its block.
; expect-remark: added 1 block
define void @hearts(ptr %p, i32 %n) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %a ], [ %i.next, %b ]
  %t = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %e) ]
  %v = call i32 @sync(i32 %i) [ "convergencectrl"(token %t) ]
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %v, 0
  br i1 %c, label %a, label %b

a:
  store i32 %v, ptr %p
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %out

b:
  br label %loop

out:
  ret void
}

declare i32 @sync(i32) convergent
declare token @llvm.experimental.convergence.entry()
declare token @llvm.experimental.convergence.loop()
