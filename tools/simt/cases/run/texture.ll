; run: --threads 4 --func example_shader --args tid,1:0
; ConvergentOperations.rst, "Texture sampling in a pixel shader": the sample
; is controlled by the entry token, so all threads of the launch sample
; together, whatever %condition is.
declare float @textureSample(i32, float) convergent memory(none)
declare void @use(float)

define void @example_shader(float %coordinates, i1 %condition) convergent {
entry:
  %entry.tok = call token @llvm.experimental.convergence.entry()
  %color = call float @textureSample(i32 7, float %coordinates) [ "convergencectrl"(token %entry.tok) ]
  br i1 %condition, label %then, label %end

then:
  call void @use(float %color)
  br label %end

end:
  ret void
}

declare token @llvm.experimental.convergence.entry()
