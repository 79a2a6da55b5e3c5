; RUN: -passes=hoist
; The spec's "Anchors can be hoisted in acyclic control flow": the two
; anchors merge into one in %entry, under a divergent condition, and both
; operations use it. The operations themselves stay in their arms: each
; still communicates only with threads that took the same side. ("By
; contrast, hoisting the convergent operations themselves is forbidden.")
; expect-remark: hoisted %tok1 from %then into %entry, merged with %tok2 from %else
; expect-remark: cannot hoist %r1 and %r2: [divergent-branch]
; expect-output: %r1 = call i32 @convergent.operation(i32 %x) [ "convergencectrl"(token %tok1) ]
; expect-output: %r2 = call i32 @convergent.operation(i32 %x) [ "convergencectrl"(token %tok1) ]
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @convergent.operation(i32) convergent nounwind willreturn memory(none)
declare void @use(i32)

define void @anchors(i32 %x) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %condition = icmp slt i32 %tid, 16
  br i1 %condition, label %then, label %else

then:
  %tok1 = call token @llvm.experimental.convergence.anchor()
  %r1 = call i32 @convergent.operation(i32 %x) [ "convergencectrl"(token %tok1) ]
  call void @use(i32 %r1)
  br label %end

else:
  %tok2 = call token @llvm.experimental.convergence.anchor()
  %r2 = call i32 @convergent.operation(i32 %x) [ "convergencectrl"(token %tok2) ]
  call void @use(i32 %r2)
  br label %end

end:
  ret void
}
