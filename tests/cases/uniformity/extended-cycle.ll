; The spec's "Extended Cycles: Divergent Exit from a Loop" (ConvergentOperations.rst):
; a value computed in the loop and used in the break block C through the heart's
; token. LLVM reports temporal divergence at C; with controlled convergence, threads
; that reach C converged did so from the same iteration, so %v is uniform there.
; %late, after the last use of the token, is outside its region: still divergent.
; %v.sum is divergent in both modes: AMDGPU treats a call to an unknown function
; as a source of divergence.
; expect: llvm divergent %v
; expect: tokens uniform %v
; expect: tokens divergent %v.sum
; expect: llvm divergent %v.sum
; expect: tokens divergent %late
; expect: llvm divergent %late
; expect: tokens divergent %condition
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroup_add(i32) convergent

define amdgpu_kernel void @example(i32 %n, ptr addrspace(1) %out) convergent {
entry:
  %entry.tok = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %for

for:
  %i = phi i32 [ 0, %entry ], [ %i.next, %D ]
  %inner = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %entry.tok) ]
  %for.cond = icmp slt i32 %i, %n
  br i1 %for.cond, label %B, label %E

B:
  %condition = icmp eq i32 %tid, %i
  br i1 %condition, label %C, label %D

C:
  %v = add i32 %i, 1
  %v.sum = call i32 @subgroup_add(i32 %v) [ "convergencectrl"(token %inner) ]
  %late = add i32 %i, 2
  store i32 %late, ptr addrspace(1) %out, align 4
  br label %E

D:
  %i.next = add i32 %i, 1
  br label %for

E:
  ret void
}
