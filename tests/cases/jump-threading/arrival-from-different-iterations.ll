; RUN: -passes=jump-threading
; Class 3 of the legality review: %J is entered from two exits of a loop
; whose exit at %x2 is divergent. %x1's branch is uniform among the threads
; of one iteration, but threads reach %J from different iterations: some
; by %x1 in iteration 3, others by %x2 earlier. Threading %x1 -> %J to %T
; would copy the entry-controlled reduction %r, and those threads would
; no longer communicate. Refused.
; expect-remark: [duplicate-under-divergence]
; expect-count: 1 call i32 @subgroup_add
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
declare void @use(i32)
define amdgpu_kernel void @k(ptr addrspace(1) %out) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t3 = and i32 %tid, 3
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  br label %x1
x1:
  %u = icmp eq i32 %i, 3
  br i1 %u, label %J, label %x2
x2:
  %d = icmp eq i32 %t3, %i
  %z = icmp eq i32 %tid, 0
  br i1 %d, label %J, label %latch
latch:
  %i.next = add i32 %i, 1
  br label %header
J:
  %p = phi i1 [ true, %x1 ], [ %z, %x2 ]
  %r = call i32 @subgroup_add(i32 %tid) [ "convergencectrl"(token %e) ]
  br i1 %p, label %T, label %F
T:
  call void @use(i32 %r)
  br label %end
F:
  br label %end
end:
  %slot = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %slot
  ret void
}
