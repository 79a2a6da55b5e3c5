; RULE: only unwind edges reach a cleanuppad
; expect-error: EH pad must be jumped to via an unwind edge
declare i32 @pers(...)
declare void @may_throw()

define void @f(i1 %b) personality ptr @pers {
entry:
  br i1 %b, label %cont, label %cleanup

cont:
  ret void

cleanup:
  %c = cleanuppad within none []
  cleanupret from %c unwind to caller
}
