; RUN: -passes=inline,simplifycfg
; simplifycfg inside the CGSCC pipeline asks the legality oracle as
; anywhere: in @callee, the same convergent call in both arms of a branch
; on the thread id (divergent) is not hoisted, and the two copies are
; inlined into the kernel as they are; the kernel's own arms, on a kernel
; argument (uniform), are merged.
; expect-remark: callee:entry: simplifycfg: cannot hoist %x1 and %x2
; expect-remark: simplifycfg: hoisted %u1 from %then, %else into %entry
; expect-count: 3 call i32 @subgroupAdd
target triple = "amdgcn-amd-amdhsa"

declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.workitem.id.x()
declare token @llvm.experimental.convergence.entry()

define internal i32 @callee(i32 %v) convergent {
entry:
  %tok = call token @llvm.experimental.convergence.entry()
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp eq i32 %id, 0
  br i1 %c, label %a, label %b

a:
  %x1 = call i32 @subgroupAdd(i32 %v) [ "convergencectrl"(token %tok) ]
  br label %j

b:
  %x2 = call i32 @subgroupAdd(i32 %v) [ "convergencectrl"(token %tok) ]
  br label %j

j:
  %r = phi i32 [ %x1, %a ], [ %x2, %b ]
  ret i32 %r
}

define amdgpu_kernel void @kernel(i1 %u, i32 %v, ptr addrspace(1) %out) convergent {
entry:
  %tok = call token @llvm.experimental.convergence.entry()
  br i1 %u, label %then, label %else

then:
  %u1 = call i32 @subgroupAdd(i32 %v) [ "convergencectrl"(token %tok) ]
  br label %end

else:
  %u2 = call i32 @subgroupAdd(i32 %v) [ "convergencectrl"(token %tok) ]
  br label %end

end:
  %s = phi i32 [ %u1, %then ], [ %u2, %else ]
  %w = call i32 @callee(i32 %s) [ "convergencectrl"(token %tok) ]
  store i32 %w, ptr addrspace(1) %out, align 4
  ret void
}
