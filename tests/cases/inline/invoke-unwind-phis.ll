; RUN: -passes=inline
; The unwind destination's phis at an invoke: in @caller, the inlined call
; to @h becomes an invoke and its block takes the invoke's values in %q and
; %s, the invoke's entry goes, and %s, left with one value, is replaced by
; it, as LLVM's removePredecessor does; in @caller2 nothing of the inlined
; body unwinds, and %q goes the same way. opt-22 prints the same but for the order of
; `; preds =` comments.
; expect-remark: inlined @callee into @caller
; expect-remark: inlined @callee2 into @caller2
; expect-output: %q = phi i32 [ 1, %a ], [ %x, %b ]
; expect-count: 0 %s = phi
; expect-count: 1 %q = phi
; expect-count: 2 call void @use(i32 %x)
declare i32 @__gxx_personality_v0(...)
declare void @h()
declare void @use(i32)

define internal void @callee() personality ptr @__gxx_personality_v0 {
entry:
  call void @h()
  ret void
}

define void @caller(i32 %x, i1 %c) personality ptr @__gxx_personality_v0 {
entry:
  br i1 %c, label %a, label %b
a:
  invoke void @callee() to label %cont unwind label %handler
b:
  invoke void @h() to label %cont unwind label %handler
cont:
  ret void
handler:
  %q = phi i32 [ 1, %a ], [ %x, %b ]
  %s = phi i32 [ %x, %a ], [ %x, %b ]
  %e = landingpad { ptr, i32 } cleanup
  call void @use(i32 %q)
  call void @use(i32 %s)
  resume { ptr, i32 } %e
}

define internal void @callee2() personality ptr @__gxx_personality_v0 {
entry:
  ret void
}

define void @caller2(i32 %x, i1 %c) personality ptr @__gxx_personality_v0 {
entry:
  br i1 %c, label %a, label %b
a:
  invoke void @callee2() to label %cont unwind label %handler
b:
  invoke void @h() to label %cont unwind label %handler
cont:
  ret void
handler:
  %q = phi i32 [ 1, %a ], [ %x, %b ]
  %e = landingpad { ptr, i32 } cleanup
  call void @use(i32 %q)
  resume { ptr, i32 } %e
}
