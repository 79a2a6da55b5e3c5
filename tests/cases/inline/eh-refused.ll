; RUN: -passes=inline
; The inliner handles landing pads (see invoke-*.ll) but not funclet pads:
; it does not inline a callee with a cleanuppad or catchswitch, nor into a
; caller that has one, nor at an invoke that unwinds to one. A callee whose
; personality differs from the caller's is refused as LLVM refuses it, and
; so is one whose landing pads have another type than the caller's (LLVM
; inlines it and leaves a module its verifier rejects).
; expect-unchanged
; expect-remark: cannot inline @small into @at_funclet_invoke: the call site is an invoke that does not unwind to a landing pad
; expect-remark: cannot inline @small into @funclet_caller: the caller has 'cleanuppad' in %pad
; expect-remark: cannot inline @callee_has_funclet into @plain_caller: the callee has 'catchswitch' in %dispatch
; expect-remark: cannot inline @other_personality into @landing_caller: incompatible personality
; expect-remark: cannot inline @other_type into @landing_caller: the callee's landing pads have a type other than the caller's
declare i32 @__CxxFrameHandler3(...)
declare i32 @__gxx_personality_v0(...)
declare i32 @__gcc_personality_v0(...)
declare void @may_throw()

define internal void @small() alwaysinline {
  ret void
}

define void @at_funclet_invoke() personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @small()
          to label %cont unwind label %pad

cont:
  ret void

pad:
  %cp = cleanuppad within none []
  cleanupret from %cp unwind to caller
}

define void @funclet_caller() personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @may_throw()
          to label %cont unwind label %pad

cont:
  call void @small()
  ret void

pad:
  %cp = cleanuppad within none []
  cleanupret from %cp unwind to caller
}

define internal void @callee_has_funclet() alwaysinline personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @may_throw()
          to label %cont unwind label %dispatch

cont:
  ret void

dispatch:
  %cs = catchswitch within none [label %handler] unwind to caller

handler:
  %c = catchpad within %cs [ptr null, i32 64, ptr null]
  catchret from %c to label %cont
}

define void @plain_caller() {
  call void @callee_has_funclet()
  ret void
}

define internal void @other_personality() alwaysinline personality ptr @__gcc_personality_v0 {
entry:
  invoke void @may_throw()
          to label %cont unwind label %lp

cont:
  ret void

lp:
  %l = landingpad { ptr, i32 }
          cleanup
  resume { ptr, i32 } %l
}

define internal void @other_type() alwaysinline personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw()
          to label %cont unwind label %lp

cont:
  ret void

lp:
  %l = landingpad i32
          cleanup
  resume i32 %l
}

define void @landing_caller() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @other_personality()
          to label %next unwind label %lp

next:
  invoke void @other_type()
          to label %cont unwind label %lp

cont:
  ret void

lp:
  %l = landingpad { ptr, i32 }
          cleanup
  resume { ptr, i32 } %l
}
