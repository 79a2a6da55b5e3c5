; RULE: only a few intrinsics may be invoked (valid: llvm.donothing)
; expect: valid
declare i32 @pers(...)
declare void @may_throw()

declare void @llvm.donothing()

define void @f() personality ptr @pers {
entry:
  invoke void @llvm.donothing()
          to label %cont unwind label %lpad

cont:
  ret void

lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  ret void
}
