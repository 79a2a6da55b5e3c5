; RUN: -passes=jump-threading
; The anchor %t of %join feeds the heart of the loop below: copying %join
; into %a or %b would need a phi of tokens to reach %h. Refused (token
; intrinsics are copied only when their token stays in the block).
; expect-remark: not copying the branch of %join into %a: [token-placement]
; expect-unchanged
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare void @use(i32) nounwind willreturn
define amdgpu_kernel void @k(i32 %n, i1 %u) {
entry:
  br i1 %u, label %a, label %b
a:
  call void @use(i32 1)
  br label %join
b:
  call void @use(i32 2)
  br label %join
join:
  %p = phi i1 [ true, %a ], [ false, %b ]
  %t = call token @llvm.experimental.convergence.anchor()
  %x = call i32 @subgroup_add(i32 %n) [ "convergencectrl"(token %t) ]
  br i1 %p, label %loop, label %other
loop:
  %i = phi i32 [ 0, %join ], [ %i.next, %loop ]
  %h = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %t) ]
  %y = call i32 @subgroup_add(i32 %i) [ "convergencectrl"(token %h) ]
  call void @use(i32 %y)
  %i.next = add i32 %i, 1
  %d = icmp eq i32 %i.next, %n
  br i1 %d, label %other, label %loop
other:
  call void @use(i32 %x)
  ret void
}
