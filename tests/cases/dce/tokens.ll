; RUN: -passes=dce
; Dead code and unused tokens: %unused is never used; %dead is a pure
; convergent operation whose result nobody reads, and once it is gone its
; anchor %t2 controls nothing. The barrier (an effect) keeps %t1 alive.
; expect-remark: removed 4 dead instructions (2 unused token intrinsics)
; expect-output: %t1 = call token @llvm.experimental.convergence.anchor()
declare i32 @pure_convergent(i32) convergent nounwind willreturn memory(none)
declare void @barrier() convergent

define void @f(i32 %x) {
entry:
  %unused = add i32 %x, 1
  %t1 = call token @llvm.experimental.convergence.anchor()
  call void @barrier() [ "convergencectrl"(token %t1) ]
  %t2 = call token @llvm.experimental.convergence.anchor()
  %dead = call i32 @pure_convergent(i32 %x) [ "convergencectrl"(token %t2) ]
  %t3 = call token @llvm.experimental.convergence.anchor()
  ret void
}
