; expect: 14:54: expected 'caller' in catchswitch
declare i32 @pers(...)
declare void @may_throw()

define void @f() personality ptr @pers {
entry:
  invoke void @may_throw()
          to label %cont unwind label %dispatch

cont:
  ret void

dispatch:
  %cs = catchswitch within none [label %h] unwind to nowhere

h:
  %cp = catchpad within %cs []
  catchret from %cp to label %cont
}
