; RULE: only a few intrinsics may be invoked
; expect-error: Cannot invoke an intrinsic other than donothing, patchpoint, statepoint, coro_resume, coro_destroy, clang.arc.attachedcall or wasm.(re)throw
; expect-error: Cannot invoke an intrinsic other than donothing, patchpoint, statepoint, coro_resume, coro_destroy, clang.arc.attachedcall or wasm.(re)throw
declare i32 @pers(...)
declare void @may_throw()

declare void @llvm.trap()

define void @f() personality ptr @pers {
entry:
  invoke void @llvm.trap()
          to label %cont unwind label %lpad

cont:
  ret void

lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  ret void
}
