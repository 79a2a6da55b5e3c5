; RULE: catchret leaves a catchpad
; expect-error: CatchReturnInst needs to be provided a CatchPad
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
  catchret from %c to label %cont
}
