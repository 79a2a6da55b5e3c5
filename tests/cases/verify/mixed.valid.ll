; RULE: no mixing (valid: uncontrolled in one function, controlled in another;
; a token on a non-convergent call is allowed, as in LLVM 22)
; expect: valid
declare void @op() convergent
declare void @plain()

define void @uncontrolled() {
  call void @op()
  call void @plain()
  ret void
}

define void @controlled() {
  %a = call token @llvm.experimental.convergence.anchor()
  call void @op() [ "convergencectrl"(token %a) ]
  call void @plain() [ "convergencectrl"(token %a) ]
  ret void
}
