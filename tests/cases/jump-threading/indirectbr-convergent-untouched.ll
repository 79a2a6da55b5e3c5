; RUN: -passes=jump-threading
; A function with convergent operations and an indirect branch is left
; unchanged: the legality oracle does not model indirect branches, so no
; question about it could be answered. %mid's branch on %c would otherwise
; be threaded from each predecessor.
; expect-unchanged
; expect-remark: not threading a function with convergent operations and an indirectbr
declare void @f()
declare void @barrier() convergent

define void @convergent_indirectbr(i1 %c, ptr %target) {
entry:
  br i1 %c, label %a, label %b

a:
  call void @f()
  br label %mid

b:
  br label %mid

mid:
  call void @barrier()
  br i1 %c, label %dispatch, label %exit

dispatch:
  indirectbr ptr %target, [label %a, label %exit]

exit:
  ret void
}
