; RULE: a landingpad has a clause or is a cleanup (valid: cleanup)
; expect: valid
declare i32 @pers(...)
declare void @may_throw()

define void @f() personality ptr @pers {
entry:
  invoke void @may_throw()
          to label %cont unwind label %lpad

cont:
  ret void

lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  ret void
}
