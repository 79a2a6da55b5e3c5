; expect: 15:17: clause argument must be a constant
declare i32 @pers(...)
declare void @may_throw()

define void @f(ptr %p) personality ptr @pers {
entry:
  invoke void @may_throw()
          to label %cont unwind label %lpad

cont:
  ret void

lpad:
  %lp = landingpad { ptr, i32 }
          catch ptr %p
  ret void
}
