; RUN: -passes=sink
; The asm of a `callbr` picks its destination from whatever it reads: on
; AMDGPU a scalar branch is the same for one wave, but the entry token's
; group may span waves (the asm could read the wave's hardware id). Sinking
; %q to %ok would drop the threads of the waves that went to %other from
; its reduction. Refused, as for an asm output.
; expect-remark: cannot sink %q: [entry-or-heart-token]
; expect-unchanged
target triple = "amdgcn-amd-amdhsa"

declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare void @use(i32) nounwind willreturn

define amdgpu_kernel void @k(i32 %x) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %q = call i32 @subgroup_add(i32 %x) [ "convergencectrl"(token %e) ]
  callbr void asm "", "!i"() to label %ok [label %other]

ok:
  call void @use(i32 %q)
  ret void

other:
  ret void
}
