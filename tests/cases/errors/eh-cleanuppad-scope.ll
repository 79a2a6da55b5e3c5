; expect: 14:26: expected scope value for cleanuppad
declare i32 @pers(...)
declare void @may_throw()

define void @f() personality ptr @pers {
entry:
  invoke void @may_throw()
          to label %cont unwind label %cleanup

cont:
  ret void

cleanup:
  %c = cleanuppad within 3 []
  cleanupret from %c unwind to caller
}
