; RUN: -passes=simplifycfg
; The back edge %o -> %y of the irreducible cycle with entries %e1 and %e2
; is never taken. The reduction in %o is reached from each entry without
; the other, so under either header one thread has executed it once and
; the other not at all: the threads are never together. Folding the branch
; removes the cycle and would put them together (opt-22 folds it).
; Refused (rule irreducible-edge); the branch stays.
; expect-count: 1 br i1 false
target triple = "amdgcn-amd-amdhsa"

declare i32 @subgroup_add(i32) convergent
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @record(i32)

define amdgpu_kernel void @k(i32 %n) convergent {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, 1
  br i1 %c, label %e1, label %e2

e1:
  br label %o

e2:
  br label %o

o:
  %r = call i32 @subgroup_add(i32 %tid)
  br i1 false, label %y, label %exit

y:
  %d = icmp ult i32 %n, 5
  br i1 %d, label %e1, label %e2

exit:
  call void @record(i32 %r)
  ret void
}
