; RUN: -passes=jump-threading
; A compare of a phi is read on each edge in as the compare of the value
; coming in: %p is not null on the way in (tested in %entry), and %next is
; not null round the loop (tested in %latch), so the test in %loop is false
; on every edge and its branch is folded. The subgroup operation stays
; where it was: folding copies nothing, and its threads still run it
; together.
; expect-remark: folded the branch of %loop: its condition is false on every edge in
target triple = "amdgcn-amd-amdhsa"
declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare void @use(i32) nounwind willreturn
define amdgpu_kernel void @k(ptr addrspace(1) %p) {
entry:
  %z = icmp eq ptr addrspace(1) %p, null
  br i1 %z, label %exit, label %loop
loop:
  %node = phi ptr addrspace(1) [ %p, %entry ], [ %next, %latch ]
  %null = icmp eq ptr addrspace(1) %node, null
  br i1 %null, label %exit, label %latch
latch:
  %v = load i32, ptr addrspace(1) %node, align 4
  %s = call i32 @subgroup_add(i32 %v)
  call void @use(i32 %s)
  %slot = getelementptr i8, ptr addrspace(1) %node, i64 8
  %next = load ptr addrspace(1), ptr addrspace(1) %slot, align 8
  %z2 = icmp eq ptr addrspace(1) %next, null
  br i1 %z2, label %exit, label %loop
exit:
  ret void
}
