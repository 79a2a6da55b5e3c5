; RULE: only an invoke's unwind edge reaches a landingpad
; expect-error: Block containing LandingPadInst must be jumped to only by the unwind edge of an invoke.
declare i32 @pers(...)
declare void @may_throw()

define void @f(i1 %c) personality ptr @pers {
entry:
  br i1 %c, label %cont, label %lpad

cont:
  ret void

lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  ret void
}
