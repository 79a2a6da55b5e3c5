; RUN: -passes=inline
; A callee that does not unwind: its inlined calls not already known not to
; unwind are marked `nounwind` (the external call, not the `nounwind`
; declaration nor the intrinsic), as LLVM marks them. At an
; invoke of such a callee, no inlined call becomes an invoke. opt-22 prints
; the same, byte for byte.
; expect-remark: inlined @callee into @caller
; expect-remark: inlined @callee into @at_invoke
; expect-count: 2 call void @ext() #
; expect-count: 0 invoke void @ext
; expect-count: 2 call void @ext_nu()
; expect-count: 2 call void @llvm.assume(i1 true)
declare i32 @__gxx_personality_v0(...)
declare void @ext()
declare void @ext_nu() nounwind
declare void @llvm.assume(i1)

define internal void @callee() nounwind {
  call void @ext()
  call void @ext_nu()
  call void @llvm.assume(i1 true)
  ret void
}

define void @caller() {
  call void @callee()
  ret void
}

define void @at_invoke() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @callee()
          to label %cont unwind label %lp

cont:
  ret void

lp:
  %l = landingpad { ptr, i32 }
          cleanup
  resume { ptr, i32 } %l
}
