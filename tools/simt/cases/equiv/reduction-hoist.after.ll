; expect: not equivalent
; The two subgroupAdd calls hoisted above the divergent branch and merged:
; the sum now runs over all threads (ConvergentOperations.rst, "Reductions
; inside divergent control flow").
declare i32 @subgroupAdd(i32) convergent memory(none)
declare void @use(i32, i32)

define void @f(i32 %delta) convergent {
entry:
  %entry.tok = call token @llvm.experimental.convergence.entry()
  %total = call i32 @subgroupAdd(i32 %delta) [ "convergencectrl"(token %entry.tok) ]
  %cc = icmp sgt i32 %delta, 0
  br i1 %cc, label %then, label %else

then:
  call void @use(i32 1, i32 %total)
  br label %end

else:
  call void @use(i32 0, i32 %total)
  br label %end

end:
  ret void
}

declare token @llvm.experimental.convergence.entry()
