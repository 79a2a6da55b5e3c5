; RUN: -passes=hoist
; %a and %b, one value, merge into %entry; %p then merges that one value,
; and is uniform although it joins the divergent branch of %entry. The
; uniformity the oracle made for the question about %r1 and %r2 (before the
; merge) has %p divergent, and so the branch of %J; it refuses the merge of
; %ra and %rb where an oracle made now would allow it. Refusing is sound:
; the kept uniformity may be more cautious than a fresh one, never less.
; expect-remark: hoisted %a from %T into %entry, merged with %b from %E
; expect-remark: cannot hoist %r1 and %r2: [entry-or-heart-token]
; expect-remark: cannot hoist %ra and %rb: [entry-or-heart-token]
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @subgroupAdd(i32) convergent nounwind willreturn memory(none)

define amdgpu_kernel void @k(i32 %n, ptr addrspace(1) %out) convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp eq i32 %n, %tid
  br i1 %c, label %T, label %E

T:
  %a = add i32 %n, 5
  %r1 = call i32 @subgroupAdd(i32 %n) [ "convergencectrl"(token %e) ]
  store i32 %r1, ptr addrspace(1) %out
  br label %J

E:
  %b = add i32 %n, 5
  %r2 = call i32 @subgroupAdd(i32 %n) [ "convergencectrl"(token %e) ]
  store i32 %r2, ptr addrspace(1) %out
  br label %J

J:
  %p = phi i32 [ %a, %T ], [ %b, %E ]
  %q = icmp eq i32 %p, 0
  br i1 %q, label %A, label %B

A:
  %ra = call i32 @subgroupAdd(i32 %n) [ "convergencectrl"(token %e) ]
  store i32 %ra, ptr addrspace(1) %out
  br label %end

B:
  %rb = call i32 @subgroupAdd(i32 %n) [ "convergencectrl"(token %e) ]
  store volatile i32 %rb, ptr addrspace(1) %out
  br label %end

end:
  ret void
}
