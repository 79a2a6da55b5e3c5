; RUN: -passes=inline
; @g's back edge %o -> %y is taken only when %p is true; the call passes
; false, so the copy folds it away, as LLVM's cloner does. But %h, the
; only entry of the cycle and dominating the reduction, leaves nested the
; cycle {%e1, %e2, %o, %y}, whose entries %e1 and %e2 reach %r without each
; other: under either of its headers the threads are never together there,
; and without the cycle they would be. The branch stays (rule
; irreducible-edge, asked on the callee); the call is still inlined.
; expect-count: 1 br i1 false
; expect-count: 0 call i32 @g(
target triple = "amdgcn-amd-amdhsa"

declare i32 @subgroup_add(i32) convergent
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @record(i32)

define internal i32 @g(i32 %tid, i32 %n, i1 %p) convergent {
entry:
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
  br i1 %p, label %y, label %exit

y:
  switch i32 %n, label %h [ i32 1, label %e1
                            i32 2, label %e2 ]

exit:
  ret i32 %r
}

define amdgpu_kernel void @k(i32 %n) convergent {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %r = call i32 @g(i32 %tid, i32 %n, i1 false)
  call void @record(i32 %r)
  ret void
}
