; expect: equivalent
; The anchor sunk together with all its users: allowed, the anchor's
; grouping is implementation-defined and sinking is part of the
; implementation.
declare i32 @pure.convergent.operation(i32) convergent memory(none)
declare void @use(i32, i32)

define void @f(i32 %x, i1 %condition) {
entry:
  %y = add i32 %x, 100
  br i1 %condition, label %then, label %end

then:
  %tok = call token @llvm.experimental.convergence.anchor()
  %a = call i32 @pure.convergent.operation(i32 %x) [ "convergencectrl"(token %tok) ]
  %b = call i32 @pure.convergent.operation(i32 %y) [ "convergencectrl"(token %tok) ]
  call void @use(i32 %a, i32 %b)
  br label %end

end:
  ret void
}

declare token @llvm.experimental.convergence.anchor()
