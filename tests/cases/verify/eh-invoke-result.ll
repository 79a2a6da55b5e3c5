; RULE: an invoke's result is available on its normal edge only
; expect-error: Instruction does not dominate all uses!
declare i32 @pers(...)
declare void @may_throw()

declare i32 @g()

define i32 @f() personality ptr @pers {
entry:
  %r = invoke i32 @g()
          to label %cont unwind label %lpad

cont:
  ret i32 %r

lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  ret i32 %r
}
