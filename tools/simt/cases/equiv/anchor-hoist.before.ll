; ConvergentOperations.rst, "Hoisting and sinking": an anchor in each arm of
; a divergent branch.
declare void @convergent.operation(i32) convergent

define void @f(i1 %condition, i32 %x) {
entry:
  br i1 %condition, label %then, label %else

then:
  %tok1 = call token @llvm.experimental.convergence.anchor()
  call void @convergent.operation(i32 %x) [ "convergencectrl"(token %tok1) ]
  br label %end

else:
  %tok2 = call token @llvm.experimental.convergence.anchor()
  call void @convergent.operation(i32 %x) [ "convergencectrl"(token %tok2) ]
  br label %end

end:
  ret void
}

declare token @llvm.experimental.convergence.anchor()
