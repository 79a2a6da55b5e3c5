; RUN: -passes=loop-simplify
; The self-loop %h lies in the irreducible cycle {%h, %x}, entered at %h and
; at %x, as in loop-simplify-no-preheader-entering-irreducible-cycle.ll, but
; the cycle holds no convergent operation (the reduction comes after it),
; so no iteration count of it groups threads and the preheader, which
; becomes the cycle's entry in place of %h, is made.
; expect-count: 1 h.preheader:
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)
declare void @use(i32) nounwind willreturn

define amdgpu_kernel void @f(i1 %c) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %odd = trunc i32 %tid to i1
  %even = xor i1 %odd, true
  br i1 %even, label %split, label %side

split:
  br i1 %c, label %h, label %pre

pre:
  br label %h

side:
  br label %x

h:
  %n = phi i32 [ 0, %split ], [ 1, %pre ], [ %n1, %h ], [ %m, %x ]
  %n1 = add i32 %n, 1
  %stay = icmp ult i32 %n1, 2
  br i1 %stay, label %h, label %x

x:
  %m = phi i32 [ 5, %side ], [ %n1, %h ]
  %done = icmp uge i32 %m, 4
  br i1 %done, label %exit, label %h

exit:
  %r = call i32 @subgroupAdd(i32 %m)
  call void @use(i32 %r)
  ret void
}
