; RULE: a catchswitch's handlers start with catchpads (valid: a catchpad handler)
; expect: valid
declare i32 @pers(...)
declare void @may_throw()

define void @f() personality ptr @pers {
entry:
  invoke void @may_throw()
          to label %cont unwind label %dispatch

cont:
  ret void

dispatch:
  %cs = catchswitch within none [label %handler] unwind to caller

handler:
  %cp = catchpad within %cs []
  catchret from %cp to label %cont
}
