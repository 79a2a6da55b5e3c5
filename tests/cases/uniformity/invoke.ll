; The result of an invoke is a call's: divergent for a callee the target
; takes as a source of divergence. LLVM 22 marks only the invoke's branch
; divergent and keeps the users of its result uniform (and the landingpad's
; exception, which each thread receives for itself); the LLVM-compatible
; mode reproduces that, the token-aware mode does not.
; expect: llvm uniform %s
; expect: tokens divergent %s
; expect: llvm uniform %x
; expect: tokens divergent %x
target triple = "amdgcn-amd-amdhsa"
declare i32 @__gxx_personality_v0(...)
declare i32 @g(i32)
declare i32 @llvm.amdgcn.workitem.id.x()

define i32 @u(i32 inreg %a) personality ptr @__gxx_personality_v0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %r = invoke i32 @g(i32 %a)
          to label %ok unwind label %lp
ok:
  %s = add i32 %r, 1
  %r2 = invoke i32 @g(i32 %tid)
          to label %ok2 unwind label %lp
ok2:
  %t = add i32 %r2, 1
  ret i32 %t
lp:
  %l = landingpad { ptr, i32 } cleanup
  %x = extractvalue { ptr, i32 } %l, 1
  ret i32 %x
}
