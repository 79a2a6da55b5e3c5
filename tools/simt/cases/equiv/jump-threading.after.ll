; expect: equivalent
; ConvergentOperations.rst, "Unstructured control flow": jump threading
; keeps the set of threads that reach the entry-controlled barrier.
declare void @subgroupControlBarrier() convergent
declare void @work(i32)

define void @f(i1 %cond1, i1 %cond2) convergent {
entry:
  %entry.tok = call token @llvm.experimental.convergence.entry()
  br i1 %cond1, label %then1, label %then2

then1:
  call void @work(i32 1)
  br i1 %cond2, label %then2, label %end

then2:
  call void @subgroupControlBarrier() [ "convergencectrl"(token %entry.tok) ]
  br label %end

end:
  ret void
}

declare token @llvm.experimental.convergence.entry()
