; RUN: -passes=sink
; The texture sampling example with a uniform condition (an `inreg`
; shader argument is the same for every thread): every group of converged
; threads goes the same way, so the sample communicates among the same
; threads in %then. LLVM's Sink refuses any convergent call; we sink it.
; expect-remark: sank %color from %entry to %then
; expect-output: %color = call float @textureSample(float %coordinates) [ "convergencectrl"(token %entry.tok) ]
target triple = "amdgcn-amd-amdhsa"

declare float @textureSample(float) convergent nounwind willreturn memory(none)
declare void @use(float)

define amdgpu_ps void @example_shader(float %coordinates, i32 inreg %mode) convergent {
entry:
  %entry.tok = call token @llvm.experimental.convergence.entry()
  %color = call float @textureSample(float %coordinates) [ "convergencectrl"(token %entry.tok) ]
  %condition = icmp eq i32 %mode, 0
  br i1 %condition, label %then, label %end

then:
  call void @use(float %color)
  br label %end

end:
  ret void
}
