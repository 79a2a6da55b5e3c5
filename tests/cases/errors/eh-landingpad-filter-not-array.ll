; expect: 15:18: 'filter' clause has an invalid type
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
          filter ptr null
  ret void
}
