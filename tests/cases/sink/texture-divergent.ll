; RUN: -passes=sink
; The spec's texture sampling example ("Texture sampling in a pixel
; shader"): the sample is controlled by the entry token and the condition is
; divergent (it depends on the lane), so sinking it into %then would leave
; neighbouring pixels out of the derivative computation. Refused.
; expect-remark: cannot sink %color: [entry-or-heart-token]
; expect-unchanged
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare float @textureSample(float) convergent nounwind willreturn memory(none)
declare void @use(float)

define amdgpu_ps void @example_shader(float %coordinates) convergent {
entry:
  %entry.tok = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %color = call float @textureSample(float %coordinates) [ "convergencectrl"(token %entry.tok) ]
  %condition = icmp eq i32 %tid, 0
  br i1 %condition, label %then, label %end

then:
  call void @use(float %color)
  br label %end

end:
  ret void
}
