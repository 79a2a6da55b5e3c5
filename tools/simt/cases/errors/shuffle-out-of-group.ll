; run: --threads 4 --func f --args 1:1:0:0
; expect-error: undefined behaviour: thread 0: subgroupShuffle: thread 0 reads thread 2, which is not in the communicating set {0,1}
; ConvergentOperations.rst, "Hoisting and sinking": a shuffle that reads a
; thread outside the communicating set.
declare i32 @subgroupShuffle(i32, i32) convergent

define i32 @f(i1 %condition) convergent {
entry:
  %entry.tok = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %id = xor i32 %tid, 2
  br i1 %condition, label %then, label %end
then:
  %s = call i32 @subgroupShuffle(i32 %tid, i32 %id) [ "convergencectrl"(token %entry.tok) ]
  ret i32 %s
end:
  ret i32 -1
}

declare token @llvm.experimental.convergence.entry()
declare i32 @llvm.amdgcn.workitem.id.x()
