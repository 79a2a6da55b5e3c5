; RUN: -passes=dce
; A function with exception handling is left alone: the unused add is dead,
; and so, to a pass that does not know pads, might look the unused
; landingpad, which must stay where the unwinder lands.
; expect-unchanged
; expect-remark: dce: function left unchanged: it has 'invoke' in %entry
declare i32 @__gxx_personality_v0(...)
declare void @may_throw()

define void @dce_eh(i32 %a) personality ptr @__gxx_personality_v0 {
entry:
  %dead = add i32 %a, 1
  invoke void @may_throw()
          to label %cont unwind label %lpad

cont:
  ret void

lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  ret void
}
