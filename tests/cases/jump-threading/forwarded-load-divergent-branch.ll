; RUN: -passes=jump-threading
; A load replaced by the value stored before it changes no edge, but it can
; make a branch divergent: %v loads a global at a uniform address (uniform
; to the analysis), and is replaced by %ph, which differs between the
; threads of the divergent branch on %d. The oracle had computed uniformity
; for the refused unfold of %s, before the replacement; keeping it (the
; CFG did not change) took the branch of %m for uniform still, and
; threading %x -> %z -> %t then split the threads of @sync between two
; copies. The branch of %m is divergent now: the thread is refused.
; expect-remark: replaced %v by the value it loads, available earlier in %m
; expect-remark: not threading %x -> %z -> %t: [duplicate-under-divergence]
; expect-count: 1 call i32 @sync(i32 0)
; expect-no-remark: threaded %x -> %z to %t
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @sync(i32) convergent

define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %g) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %d = icmp eq i32 %tid, 0
  br i1 %d, label %a, label %b

a:
  store i32 10, ptr addrspace(1) %out, align 4
  br label %m

b:
  store i32 11, ptr addrspace(1) %out, align 4
  br label %m

m:
  %ph = phi i1 [ true, %a ], [ false, %b ]
  %s = select i1 %ph, i32 1, i32 2
  store i32 %s, ptr addrspace(1) %out, align 4
  store i1 %ph, ptr addrspace(1) %g, align 1
  %v = load i1, ptr addrspace(1) %g, align 1
  br i1 %v, label %x, label %y

x:
  store i32 20, ptr addrspace(1) %out, align 4
  br label %z

y:
  store i32 21, ptr addrspace(1) %out, align 4
  br label %z

z:
  %q = phi i1 [ true, %x ], [ false, %y ]
  %r = call i32 @sync(i32 0)
  br i1 %q, label %t, label %f

t:
  store i32 %r, ptr addrspace(1) %out, align 4
  ret void

f:
  store i32 0, ptr addrspace(1) %out, align 4
  ret void
}
