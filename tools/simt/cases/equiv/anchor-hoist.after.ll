; expect: equivalent
; The anchors hoisted above the branch (acyclic code): each operation still
; only communicates among threads with the same %condition.
declare void @convergent.operation(i32) convergent

define void @f(i1 %condition, i32 %x) {
entry:
  %tok = call token @llvm.experimental.convergence.anchor()
  br i1 %condition, label %then, label %else

then:
  call void @convergent.operation(i32 %x) [ "convergencectrl"(token %tok) ]
  br label %end

else:
  call void @convergent.operation(i32 %x) [ "convergencectrl"(token %tok) ]
  br label %end

end:
  ret void
}

declare token @llvm.experimental.convergence.anchor()
