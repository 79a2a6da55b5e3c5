; RUN: -passes=jump-threading
; %mid's branch on %c is known on both edges in: true from %dispatch (a phi
; entry), false from %entry (which went to %mid on %x false). The edge from
; %dispatch comes from an indirectbr, which is never redirected, and is not
; counted: the branch is not folded, but the edge from %entry is threaded
; to %other. %mid, left with the edge from %dispatch, then goes to %out.
; expect-remark: threaded %entry -> %mid to %other
; expect-count: 0 phi
; expect-count: 1 indirectbr ptr %p
declare void @f(i32)

define void @from_indirect(i1 %x, ptr %p) {
entry:
  br i1 %x, label %dispatch, label %mid

dispatch:
  indirectbr ptr %p, [label %mid, label %out]

mid:
  %c = phi i1 [ true, %dispatch ], [ %x, %entry ]
  br i1 %c, label %out, label %other

out:
  call void @f(i32 1)
  ret void

other:
  call void @f(i32 2)
  ret void
}
