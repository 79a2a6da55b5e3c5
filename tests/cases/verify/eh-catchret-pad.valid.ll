; RULE: catchret leaves a catchpad (valid: cleanupret from the cleanuppad)
; expect: valid
declare i32 @pers(...)
declare void @may_throw()

define void @f() personality ptr @pers {
entry:
  invoke void @may_throw()
          to label %cont unwind label %cleanup

cont:
  ret void

cleanup:
  %c = cleanuppad within none []
  cleanupret from %c unwind to caller
}
