; RUN: -passes=sink
; A function with an invoke is left alone: %x would sink into %use, but
; sinking does not model the invoke's unwind edge.
; expect-unchanged
; expect-remark: sink: function left unchanged: it has 'invoke' in %entry
declare i32 @__gxx_personality_v0(...)
declare void @may_throw()
declare void @use(i32)

define void @sink_eh(i32 %a, i1 %c) personality ptr @__gxx_personality_v0 {
entry:
  %x = add i32 %a, 1
  invoke void @may_throw()
          to label %cont unwind label %lpad

cont:
  br i1 %c, label %use, label %done

use:
  call void @use(i32 %x)
  br label %done

done:
  ret void

lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  resume { ptr, i32 } %lp
}
