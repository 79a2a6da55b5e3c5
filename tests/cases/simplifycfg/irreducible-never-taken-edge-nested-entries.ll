; RUN: -passes=simplifycfg
; The back edge %o -> %y is never taken; without it the cycle {%h, %e1,
; %e2, %o, %y} dissolves and %h, its only entry, dominates the reduction.
; But with %h as header the cycle {%e1, %e2, %o, %y} is nested in it, with
; entries %e1 and %e2, and the reduction is reached from each without the
; other: under either header of that cycle one thread has executed it once
; and the other not at all, so the threads are never together at %r.
; Folding the branch would put them together. Refused (rule
; irreducible-edge); the branch stays.
; expect-count: 1 br i1 false

target triple = "amdgcn-amd-amdhsa"

declare i32 @subgroup_add(i32) convergent
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @record(i32)

define amdgpu_kernel void @k(i32 %n) convergent {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %tid, 1
  br label %h

h:
  br i1 %c, label %e1, label %e2

e1:
  br label %o

e2:
  br label %o

o:
  %r = call i32 @subgroup_add(i32 %tid)
  br i1 false, label %y, label %exit

y:
  switch i32 %n, label %h [ i32 1, label %e1
                            i32 2, label %e2 ]

exit:
  call void @record(i32 %r)
  ret void
}
