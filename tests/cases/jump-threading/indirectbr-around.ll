; RUN: -passes=jump-threading
; A function with an indirect branch is threaded around it: an indirectbr
; goes only to the blocks it lists, which are its successors, so the CFG
; says everything. %mid's branch on %c is known from each predecessor: the
; edge from %a (%c true) is threaded to %dispatch, the one from %b to
; %exit, and %mid goes (its copies join their predecessors).
; expect-remark: threaded %a -> %mid to %dispatch
; expect-count: 1 indirectbr ptr %target, [label %other, label %exit]
; expect-count: 0 mid:
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
  indirectbr ptr %target, [label %other, label %exit]

other:
  call void @f()
  ret void

exit:
  ret void
}
