; RUN: -passes=loop-unroll
; A loop of constant trip count whose body invokes: the function is left
; alone (copies of an invoke need copies of its unwind edges).
; expect-unchanged
; expect-remark: loop-unroll: function left unchanged: it has 'invoke' in %loop
declare i32 @__gxx_personality_v0(...)
declare void @may_throw(i32)

define void @unroll_eh() personality ptr @__gxx_personality_v0 {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %latch ]
  invoke void @may_throw(i32 %i)
          to label %latch unwind label %lpad

latch:
  %next = add i32 %i, 1
  %more = icmp ult i32 %next, 4
  br i1 %more, label %loop, label %exit

exit:
  ret void

lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  resume { ptr, i32 } %lp
}
