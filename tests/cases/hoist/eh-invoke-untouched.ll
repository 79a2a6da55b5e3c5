; RUN: -passes=hoist
; A function with an invoke is left alone: the two adds would be hoisted
; into %cont, but hoisting does not model the invoke's unwind edge.
; expect-unchanged
; expect-remark: hoist: function left unchanged: it has 'invoke' in %entry
declare i32 @__gxx_personality_v0(...)
declare void @may_throw()
declare void @use(i32)

define void @hoist_eh(i32 %a, i1 %c) personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw()
          to label %cont unwind label %lpad

cont:
  br i1 %c, label %then, label %else

then:
  %x = add i32 %a, 1
  call void @use(i32 %x)
  br label %done

else:
  %y = add i32 %a, 1
  call void @use(i32 %y)
  br label %done

done:
  ret void

lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  resume { ptr, i32 } %lp
}
