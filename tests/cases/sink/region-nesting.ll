; RUN: -passes=sink
; Sinking %x across the uniform branch is fine for its threads, but the
; convergence region of its anchor %a would then grow over the entry-token
; operation in between, whose token is defined outside that region; regions
; must nest ("Static Rules: Convergence Regions"). Refused. (The anchor
; cannot sink with its users: one of them, a barrier, has side effects.)
; expect-remark: cannot sink %x: [region-nesting]
; expect-unchanged
target triple = "amdgcn-amd-amdhsa"

declare i32 @pure.convergent.operation(i32) convergent nounwind willreturn memory(none)
declare void @barrier() convergent nounwind willreturn
declare void @use(i32) nounwind willreturn

define amdgpu_kernel void @nesting(i32 %n) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  br label %body

body:
  %a = call token @llvm.experimental.convergence.anchor()
  call void @barrier() [ "convergencectrl"(token %a) ]
  %x = call i32 @pure.convergent.operation(i32 %n) [ "convergencectrl"(token %a) ]
  call void @barrier() [ "convergencectrl"(token %e) ]
  %c = icmp eq i32 %n, 0
  br i1 %c, label %then, label %end

then:
  call void @use(i32 %x)
  br label %end

end:
  ret void
}
