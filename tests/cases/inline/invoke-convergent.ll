; RUN: -passes=inline
; A convergent callee inlined at an invoke: its entry intrinsic takes the
; invoke's convergencectrl token, as at a call, and its convergent call,
; which may unwind, becomes an invoke keeping its bundle. The same callee
; invoked without a token is refused, as LLVM refuses it. opt-22 prints
; the same, byte for byte.
; expect-remark: inlined @callee into @caller (cost=always); entry token replaced by the call site's token
; expect-remark: convergent call needs convergencectrl operand
; expect-output: invoke void @barrier() [ "convergencectrl"(token %t) ]
; expect-count: 2 call token @llvm.experimental.convergence.entry()
declare i32 @__gxx_personality_v0(...)
declare void @barrier() convergent
declare token @llvm.experimental.convergence.entry()

define internal void @callee() convergent alwaysinline personality ptr @__gxx_personality_v0 {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  call void @barrier() [ "convergencectrl"(token %e) ]
  ret void
}

define void @caller() convergent personality ptr @__gxx_personality_v0 {
entry:
  %t = call token @llvm.experimental.convergence.entry()
  invoke void @callee() [ "convergencectrl"(token %t) ]
          to label %cont unwind label %lp

cont:
  ret void

lp:
  %l = landingpad { ptr, i32 }
          cleanup
  resume { ptr, i32 } %l
}

define void @no_token() convergent personality ptr @__gxx_personality_v0 {
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
