; RUN: -passes=infer-convergence-tokens
; A kernel is reached by its whole launch group, so its barrier must stay
; rooted at 'entry', not at an anchor's implementation-defined group. 'entry'
; needs a convergent function; nothing calls a kernel, so marking it
; convergent changes no caller.
; expect-remark: inferred convergence control: entry token, 0 loop hearts, 1 bundle; kernel marked convergent
; expect-output: %tok.entry = call token @llvm.experimental.convergence.entry()
; expect-output: call void @llvm.amdgcn.s.barrier() [ "convergencectrl"(token %tok.entry) ]
target triple = "amdgcn-amd-amdhsa"
declare void @llvm.amdgcn.s.barrier()

define amdgpu_kernel void @k() {
  call void @llvm.amdgcn.s.barrier()
  ret void
}
