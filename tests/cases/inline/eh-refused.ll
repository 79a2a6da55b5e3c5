; RUN: -passes=inline
; The inliner leaves exception handling alone: it does not inline at an
; invoke call site, into a caller with exception handling, or a callee that
; has it. A plain call to a function with exception handling stays a call.
; expect-unchanged
; expect-remark: cannot inline @small into @at_invoke: the call site is an invoke
; expect-remark: cannot inline @small into @caller_has_eh: the caller has 'invoke' in %entry
; expect-remark: cannot inline @callee_has_eh into @plain_caller: the callee has 'invoke' in %entry
declare i32 @__gxx_personality_v0(...)
declare void @may_throw()

define internal void @small() alwaysinline {
  ret void
}

define void @at_invoke() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @small()
          to label %cont unwind label %lpad

cont:
  ret void

lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  resume { ptr, i32 } %lp
}

define void @caller_has_eh() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw()
          to label %cont unwind label %lpad

cont:
  call void @small()
  ret void

lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  resume { ptr, i32 } %lp
}

define internal void @callee_has_eh() alwaysinline personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw()
          to label %cont unwind label %lpad

cont:
  ret void

lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  resume { ptr, i32 } %lp
}

define void @plain_caller() {
  call void @callee_has_eh()
  ret void
}
