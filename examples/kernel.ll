; A small GPU kernel with explicit convergence control, used in the README.
;   opt-conv -S -passes='print<cycles>' examples/kernel.ll
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroup_add(i32) convergent

define amdgpu_kernel void @kernel(ptr addrspace(1) %out, i32 noundef %n) convergent {
entry:
  %entry.tok = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %heart = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %entry.tok) ]
  %odd = and i32 %tid, 1
  %is.odd = icmp ne i32 %odd, 0
  br i1 %is.odd, label %then, label %latch

then:
  %sum = call i32 @subgroup_add(i32 %i) [ "convergencectrl"(token %heart) ]
  %slot = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %sum, ptr addrspace(1) %slot, align 4
  br label %latch

latch:
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
