; RULE: a catchswitch's handlers start with catchpads
; expect-error: CatchSwitchInst handlers must be catchpads
declare i32 @pers(...)
declare void @may_throw()

define void @f() personality ptr @pers {
entry:
  invoke void @may_throw()
          to label %cont unwind label %dispatch

cont:
  ret void

dispatch:
  %cs = catchswitch within none [label %cont] unwind to caller
}
