; RULE: only an invoke's unwind edge reaches a landingpad (valid: reached by an invoke)
; expect: valid
declare i32 @pers(...)
declare void @may_throw()

define void @f(i1 %c) personality ptr @pers {
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
