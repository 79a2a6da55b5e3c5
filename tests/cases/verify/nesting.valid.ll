; RULE: convergence regions are well nested (valid: the inner region closes first;
; sibling branches may use different tokens)
; expect: valid
declare void @op() convergent

define void @f(i1 %c) {
entry:
  %outer = call token @llvm.experimental.convergence.anchor()
  %inner = call token @llvm.experimental.convergence.anchor()
  call void @op() [ "convergencectrl"(token %inner) ]
  call void @op() [ "convergencectrl"(token %outer) ]
  br i1 %c, label %a, label %b

a:
  %x = call token @llvm.experimental.convergence.anchor()
  call void @op() [ "convergencectrl"(token %x) ]
  ret void

b:
  call void @op() [ "convergencectrl"(token %outer) ]
  ret void
}
