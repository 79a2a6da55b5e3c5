; run: --threads 6 --func example --args 4,0:1:0:1:9:2
; ConvergentOperations.rst, "Extended Cycles: Divergent Exit from a Loop":
; the call in %C uses the loop heart's token, so only threads that leave the
; loop in the same iteration communicate.
declare void @convergent_op(i32) convergent

define void @example(i32 %n, i32 %k) convergent {
entry:
  %entry.tok = call token @llvm.experimental.convergence.entry()
  br label %for

for:
  %i = phi i32 [ 0, %entry ], [ %i.next, %D ]
  %inner = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %entry.tok) ]
  %for.cond = icmp slt i32 %i, %n
  br i1 %for.cond, label %B, label %E

B:
  %condition = icmp eq i32 %i, %k
  br i1 %condition, label %C, label %D

C:
  call void @convergent_op(i32 %i) [ "convergencectrl"(token %inner) ]
  br label %E

D:
  %i.next = add i32 %i, 1
  br label %for

E:
  ret void
}

declare token @llvm.experimental.convergence.entry()
declare token @llvm.experimental.convergence.loop()
