; RUN: -passes=simplifycfg
; Functions with landing-pad exception handling go through simplifycfg as
; others, and their convergent calls through the legality oracle: the same
; convergent call in both arms of a branch on a kernel argument (uniform)
; is hoisted, the one in the arms of a branch on the thread id (divergent)
; stays.
; expect-remark: hoisted %s1 from %then, %else into %go
; expect-remark: cannot hoist %d1 and %d2
; expect-count: 3 call i32 @subgroupAdd
; expect-count: 2 landingpad
target triple = "amdgcn-amd-amdhsa"

declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)
declare void @may_throw()
declare i32 @personality(...)
declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @uniform(i1 %c, i32 %v, ptr addrspace(1) %out) convergent personality ptr @personality {
entry:
  %tok = call token @llvm.experimental.convergence.entry()
  invoke void @may_throw()
          to label %go unwind label %lpad

go:
  br i1 %c, label %then, label %else

then:
  %s1 = call i32 @subgroupAdd(i32 %v) [ "convergencectrl"(token %tok) ]
  br label %end

else:
  %s2 = call i32 @subgroupAdd(i32 %v) [ "convergencectrl"(token %tok) ]
  br label %end

end:
  %r = phi i32 [ %s1, %then ], [ %s2, %else ]
  store i32 %r, ptr addrspace(1) %out, align 4
  ret void

lpad:
  %e = landingpad { ptr, i32 }
          cleanup
  resume { ptr, i32 } %e
}

define amdgpu_kernel void @divergent(i32 %v, ptr addrspace(1) %out) convergent personality ptr @personality {
entry:
  %tok = call token @llvm.experimental.convergence.entry()
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp eq i32 %id, 0
  invoke void @may_throw()
          to label %go unwind label %lpad

go:
  br i1 %c, label %then, label %else

then:
  %d1 = call i32 @subgroupAdd(i32 %v) [ "convergencectrl"(token %tok) ]
  br label %end

else:
  %d2 = call i32 @subgroupAdd(i32 %v) [ "convergencectrl"(token %tok) ]
  br label %end

end:
  %r = phi i32 [ %d1, %then ], [ %d2, %else ]
  store i32 %r, ptr addrspace(1) %out, align 4
  ret void

lpad:
  %e = landingpad { ptr, i32 }
          cleanup
  resume { ptr, i32 } %e
}

declare token @llvm.experimental.convergence.entry()
