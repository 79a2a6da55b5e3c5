; RULE: a token definition dominates its uses (valid)
; expect: valid
declare void @op() convergent

define void @f(i1 %c) {
entry:
  %a = call token @llvm.experimental.convergence.anchor()
  br i1 %c, label %def, label %use

def:
  br label %use

use:
  call void @op() [ "convergencectrl"(token %a) ]
  ret void
}
