; RUN: -passes=simplifycfg
; The cleanups: a branch on a constant and one with both arms to one block
; become unconditional (the dead compare goes with it), empty blocks
; forward their predecessors, a block merges into its only predecessor,
; and the unreachable block goes. opt-22 -passes=simplifycfg gives the same
; code; it lists the entries of %r the other way round.
; expect-output: %r = phi i32 [ %a, %entry ], [ %b, %other ]
; expect-count: 0 icmp
; expect-count: 0 dead:
; expect-count: 0 empty:

declare void @g(i32)

define i32 @cleanup(i1 %c, i32 %a, i32 %b) {
entry:
  %same = icmp eq i32 %a, %b
  br i1 %same, label %next, label %next

next:
  call void @g(i32 %a)
  br i1 true, label %choose, label %dead

choose:
  br i1 %c, label %empty, label %other

empty:
  br label %join

other:
  call void @g(i32 %b)
  br label %join

dead:
  call void @g(i32 0)
  br label %join

join:
  %r = phi i32 [ %a, %empty ], [ %b, %other ], [ 0, %dead ]
  ret i32 %r
}
