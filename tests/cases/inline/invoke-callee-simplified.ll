; RUN: -passes=inline,simplifycfg
; An invoked callee that has an invoke and a landing pad of its own is
; simplified (its two returns merged into common.ret, although it has
; exception handling), then inlined; simplifycfg then cleans up the caller:
; the caller's landing pad, which the inlined call no longer reaches, is
; deleted, and the inlined return block's phi moves into %cont, which only
; it reaches, the inner invoke's normal edge now going there. Same output
; as opt-22 -passes=inline,simplifycfg.
; expect-count: 1 landingpad
; expect-count: 0 ret i32 -1
; expect-count: 1 invoke void @might_throw()
; expect-output: to label %cont unwind label %exc.i
; expect-output: %common.ret.op.i = phi i32 [ 1, %exc.i ], [ 0, %entry ]
declare void @might_throw()
declare i32 @personality(...)

define internal i32 @callee() personality ptr @personality {
entry:
  invoke void @might_throw()
          to label %cont unwind label %exc

cont:
  ret i32 0

exc:
  %exn = landingpad { ptr, i32 }
          cleanup
  ret i32 1
}

define i32 @caller() personality ptr @personality {
entry:
  %X = invoke i32 @callee()
          to label %cont unwind label %dead.handler

cont:
  ret i32 %X

dead.handler:
  %exn = landingpad { ptr, i32 }
          cleanup
  ret i32 -1
}
