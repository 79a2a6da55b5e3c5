; RULE: a token definition dominates its uses
; expect-error: Instruction does not dominate all uses!
; expect-error: Convergence control token must dominate all its uses.
declare void @op() convergent

define void @f(i1 %c) {
entry:
  br i1 %c, label %def, label %use

def:
  %a = call token @llvm.experimental.convergence.anchor()
  br label %use

use:
  call void @op() [ "convergencectrl"(token %a) ]
  ret void
}
