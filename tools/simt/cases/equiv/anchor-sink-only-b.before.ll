; ConvergentOperations.rst, "Hoisting and sinking": an anchor and two pure
; convergent operations whose results are only used under %condition.
declare i32 @pure.convergent.operation(i32) convergent memory(none)
declare void @use(i32, i32)

define void @f(i32 %x, i1 %condition) {
entry:
  %tok = call token @llvm.experimental.convergence.anchor()
  %a = call i32 @pure.convergent.operation(i32 %x) [ "convergencectrl"(token %tok) ]
  %y = add i32 %x, 100
  %b = call i32 @pure.convergent.operation(i32 %y) [ "convergencectrl"(token %tok) ]
  br i1 %condition, label %then, label %end

then:
  call void @use(i32 %a, i32 %b)
  br label %end

end:
  ret void
}

declare token @llvm.experimental.convergence.anchor()
