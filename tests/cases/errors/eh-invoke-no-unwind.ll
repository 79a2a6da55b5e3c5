; expect: 10:1: expected 'unwind' in invoke
declare i32 @pers(...)
declare void @may_throw()

define void @f() personality ptr @pers {
entry:
  invoke void @may_throw()
          to label %cont

cont:
  ret void
}
