; RULE: resume passes on the landingpads' exception type
; expect-error: The resume instruction should have a consistent result type inside a function.
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
  resume i32 1
}
