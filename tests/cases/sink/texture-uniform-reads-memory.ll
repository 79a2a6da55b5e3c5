; RUN: -passes=sink
; texture-uniform.ll with the sample declared `memory(read)`, as a texture
; sample is: it reads memory, and nothing after it in %entry writes any
; (the branch does not), so it sinks into %then, whose only predecessor is
; %entry. The condition is uniform (an `inreg` argument), so the sample
; communicates among the same threads there. LLVM's Sink refuses any
; convergent call.
; expect-remark: sank %color from %entry to %then
; expect-output: %color = call float @textureSample(float %coordinates) [ "convergencectrl"(token %entry.tok) ]
target triple = "amdgcn-amd-amdhsa"

declare float @textureSample(float) convergent nounwind willreturn memory(read)
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
