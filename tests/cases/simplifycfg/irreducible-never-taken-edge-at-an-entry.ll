; RUN: -passes=simplifycfg
; The back edge %b5 -> %y of the irreducible cycle {%b5, %y, %x} (entries
; %b5 and %x) is never taken. With %b5 as the header, both threads reach
; the reduction in its first execution, together, as they do once the
; branch is folded and the cycle is gone; a compiler may pick that header,
; so rule irreducible-edge allows the fold, as opt-22 does (simt-run
; --equiv accepts it).
; expect-count: 0 br i1 false
target triple = "amdgcn-amd-amdhsa"

declare i32 @subgroup_add(i32) convergent
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @record(i32)

define amdgpu_kernel void @k(i32 %n) convergent {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, 1
  br i1 %c, label %b5, label %x

x:
  br label %b5

b5:
  %r = call i32 @subgroup_add(i32 %tid)
  br i1 false, label %y, label %exit

y:
  br label %x

exit:
  call void @record(i32 %r)
  ret void
}
