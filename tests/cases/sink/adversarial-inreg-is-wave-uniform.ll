; RUN: -passes=sink
; %u is an `inreg` parameter of a device function: a scalar register its
; caller filled, the same within one wave but not necessarily within the
; entry token's group, which the caller's group decides and which may span
; several waves (a workgroup). The branch on %u may split the threads of
; %q: sinking %q under it is refused, as under a readfirstlane result.
; expect-count: 2 %q = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
; expect-remark: cannot sink %q: [entry-or-heart-token]
; expect-unchanged
target triple = "amdgcn-amd-amdhsa"

declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare void @use(i32) nounwind willreturn

define void @f(i32 %x, i1 inreg %u) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %q = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
  br i1 %u, label %then, label %end

then:
  call void @use(i32 %q)
  br label %end

end:
  ret void
}

; The same for a callable graphics function: its caller fills %u.
define amdgpu_gfx void @g(i32 %x, i1 inreg %u) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %q = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
  br i1 %u, label %then, label %end

then:
  call void @use(i32 %q)
  br label %end

end:
  ret void
}
