; expect: not equivalent
; The texture sample sunk into the divergent branch: neighbouring threads
; with a false %condition no longer take part (ConvergentOperations.rst,
; "Texture sampling in a pixel shader").
declare float @textureSample(i32, float) convergent memory(none)
declare void @use(float)

define void @f(float %coordinates, i1 %condition) convergent {
entry:
  %entry.tok = call token @llvm.experimental.convergence.entry()
  br i1 %condition, label %then, label %end

then:
  %color = call float @textureSample(i32 7, float %coordinates) [ "convergencectrl"(token %entry.tok) ]
  call void @use(float %color)
  br label %end

end:
  ret void
}

declare token @llvm.experimental.convergence.entry()
