; RULE: a function with a landingpad has a personality
; expect-error: LandingPadInst needs to be in a function with a personality.
declare i32 @pers(...)
declare void @may_throw()

define void @f() {
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
