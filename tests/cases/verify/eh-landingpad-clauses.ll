; RULE: a landingpad has a clause or is a cleanup
; expect-error: LandingPadInst needs at least one clause or to be a cleanup.
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
  ret void
}
