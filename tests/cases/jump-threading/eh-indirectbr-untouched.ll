; RUN: -passes=jump-threading
; A function with an indirect branch is left alone: %mid's branch on %c is
; known from each predecessor and would be threaded, but any block whose
; address is taken may be a destination of the indirectbr.
; expect-unchanged
; expect-remark: jump-threading: function left unchanged: it has 'indirectbr' in %dispatch
declare void @f()

define void @jt_indirectbr(i1 %c, ptr %target) {
entry:
  br i1 %c, label %a, label %b

a:
  call void @f()
  br label %mid

b:
  br label %mid

mid:
  br i1 %c, label %dispatch, label %exit

dispatch:
  indirectbr ptr %target, [label %a, label %exit]

exit:
  ret void
}
