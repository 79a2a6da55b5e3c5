; Controlled m-convergence (ConvergenceAndUniformity.rst, "Controlled Convergence";
; ConvergentOperations.rst, "Controlled m-converged Static Instances", rule 1).
; Diverged paths enter the irreducible cycle {A, B} at both entries, so the cycle is
; assumed divergent and the anchor %tok in it is not m-converged. Its convergence
; region reaches X outside the cycle, so %w in X is not m-converged either: divergent
; under token semantics, although its operands are uniform (LLVM reports it uniform).
; %after, past the last use of %tok, is outside the region: uniform in both modes.
; expect: llvm uniform %w
; expect: tokens divergent %w
; expect: llvm divergent %ua
; expect: tokens divergent %ua
; expect: tokens uniform %after
; expect: llvm uniform %after
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @op(i32) convergent

define amdgpu_kernel void @irreducible(i32 %n, i1 %u) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp eq i32 %tid, 0
  br i1 %c, label %A, label %B

A:
  %tok = call token @llvm.experimental.convergence.anchor()
  %ua = add i32 %n, 1
  br i1 %u, label %B, label %X

B:
  br label %A

X:
  %w = add i32 %n, 2
  call void @op(i32 %w) [ "convergencectrl"(token %tok) ]
  %after = add i32 %n, 3
  ret void
}
