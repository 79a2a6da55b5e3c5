; RULE: only unwind edges reach a cleanuppad (valid: reached by an unwind edge)
; expect: valid
declare i32 @pers(...)
declare void @may_throw()

define void @f(i1 %b) personality ptr @pers {
entry:
  invoke void @may_throw()
          to label %cont unwind label %cleanup

cont:
  ret void

cleanup:
  %c = cleanuppad within none []
  cleanupret from %c unwind to caller
}
