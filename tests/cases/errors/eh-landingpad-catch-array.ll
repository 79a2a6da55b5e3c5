; expect: 15:17: 'catch' clause has an invalid type
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
          catch [1 x ptr] zeroinitializer
  ret void
}
