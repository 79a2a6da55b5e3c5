; RUN: -passes=inline,simplifycfg
; An invoked callee that has an invoke and a landing pad of its own is
; inlined; simplifycfg then cleans up the caller although it has exception
; handling: the caller's landing pad, which the inlined call no longer
; reaches, is deleted and the forwarding blocks the inlining left go, the
; inner invoke's normal edge leading straight to the returning block.
; (opt-22 runs simplifycfg on the callee before inlining it and names the
; values after the callee's merged return; the code is the same.)
; expect-count: 1 landingpad
; expect-count: 0 ret i32 -1
; expect-count: 1 invoke void @might_throw()
; expect-output: to label %callee.exit unwind label %exc.i
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
