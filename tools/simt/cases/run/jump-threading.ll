; run: --threads 4 --func example_original --args 1:1:0:0,0:1:1:0
; ConvergentOperations.rst, "Unstructured control flow" (original version):
; the barrier is controlled by the entry token, so every thread that reaches
; %then2 synchronizes with every other, whichever path it took.
declare void @subgroupControlBarrier() convergent
declare void @work(i32)

define void @example_original(i1 %cond1, i1 %cond2) convergent {
entry:
  %entry.tok = call token @llvm.experimental.convergence.entry()
  br i1 %cond1, label %then1, label %mid

then1:
  call void @work(i32 1)
  br label %mid

mid:
  %flag = phi i1 [ true, %entry ], [ %cond2, %then1 ]
  br i1 %flag, label %then2, label %end

then2:
  call void @subgroupControlBarrier() [ "convergencectrl"(token %entry.tok) ]
  br label %end

end:
  ret void
}

declare token @llvm.experimental.convergence.entry()
