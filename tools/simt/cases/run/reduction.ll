; run: --threads 4 --func example_kernel --args 3:-1:2:-5
; ConvergentOperations.rst, "Reductions inside divergent control flow":
; each subgroupAdd communicates only among the threads that reach it.
; args: tid-dependent delta
declare i32 @subgroupAdd(i32) convergent memory(none)
declare void @use(i32, i32)

define void @example_kernel(i32 %delta) convergent {
entry:
  %entry.tok = call token @llvm.experimental.convergence.entry()
  %cc = icmp sgt i32 %delta, 0
  br i1 %cc, label %then, label %else

then:
  %total_gains = call i32 @subgroupAdd(i32 %delta) [ "convergencectrl"(token %entry.tok) ]
  call void @use(i32 1, i32 %total_gains)
  br label %end

else:
  %total_losses = call i32 @subgroupAdd(i32 %delta) [ "convergencectrl"(token %entry.tok) ]
  call void @use(i32 0, i32 %total_losses)
  br label %end

end:
  ret void
}

declare token @llvm.experimental.convergence.entry()
