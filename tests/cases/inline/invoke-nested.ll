; RUN: -passes=inline
; Nested invokes: @inner (an invoke whose landing pad resumes) is inlined
; into @middle at an invoke, then @middle into @outer at an invoke. Each
; time the inlined landing pad takes the invoke's clauses, and the resume
; of the inlined copy goes to the invoke's landing pad, whose block is split
; (`.body`). The call to @inner from @plain is a plain call: the inlined
; invoke and resume stay, and @plain takes the callee's personality.
; As LLVM's cloner, only blocks reachable in the callee are copied: @middle's
; own landing pad, which the first inlining left without predecessors, is
; not copied into @outer, where the phi it left with one entry
; (%eh.lpad-body.i) is folded and fall-through blocks are merged, as LLVM's
; cloner does. opt-22 prints the same (up to the order of `; preds =`
; comments).
; expect-remark: inlined @inner into @middle
; expect-remark: inlined @middle into @outer
; expect-remark: inlined @inner into @plain
; expect-output: define void @plain() personality ptr @__gxx_personality_v0 {
; expect-output: resume { ptr, i32 } %li.i
; expect-count: 4 catch ptr @ti
; expect-count: 3 catch ptr @tm
; expect-count: 2 catch ptr @to
; expect-output: %eh.lpad-body = phi { ptr, i32 } [ %lo, %lpo ], [ %li.i.i, %.noexc ]
declare i32 @__gxx_personality_v0(...)
declare void @work()
@ti = external global i8
@tm = external global i8
@to = external global i8

define void @inner() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @work()
          to label %ok unwind label %lpi

ok:
  ret void

lpi:
  %li = landingpad { ptr, i32 }
          catch ptr @ti
  resume { ptr, i32 } %li
}

define void @middle() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @inner()
          to label %ok unwind label %lpm

ok:
  ret void

lpm:
  %lm = landingpad { ptr, i32 }
          catch ptr @tm
  call void @work()
  resume { ptr, i32 } %lm
}

define void @outer() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @middle()
          to label %ok unwind label %lpo

ok:
  ret void

lpo:
  %lo = landingpad { ptr, i32 }
          catch ptr @to
  resume { ptr, i32 } %lo
}

define void @plain() {
entry:
  call void @inner()
  ret void
}
