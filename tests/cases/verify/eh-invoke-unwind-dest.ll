; RULE: an invoke unwinds to a block that starts with a pad
; expect-error: The unwind destination does not have an exception handling instruction!
declare i32 @pers(...)
declare void @may_throw()

define void @f() personality ptr @pers {
entry:
  invoke void @may_throw()
          to label %cont unwind label %cont

cont:
  ret void
}
