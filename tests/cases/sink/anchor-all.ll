; RUN: -passes=sink
; The spec's "Convergent operations can be sunk together with their anchor":
; %tok, %a and %b are only used in %then, so all three sink, in order, even
; though the condition is divergent. The anchor's threads are
; implementation-defined and the sinking is part of the implementation.
; expect-remark: sank anchor %tok together with the users of its token %a, %b from %entry to %then
; expect-no-remark: cannot sink
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @pure.convergent.operation(i32) convergent nounwind willreturn memory(none)
declare void @use(i32, i32)

define void @anchor_sinking(i32 %x) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %tok = call token @llvm.experimental.convergence.anchor()
  %a = call i32 @pure.convergent.operation(i32 %x) [ "convergencectrl"(token %tok) ]
  %b = call i32 @pure.convergent.operation(i32 %tid) [ "convergencectrl"(token %tok) ]
  %condition = icmp slt i32 %tid, 16
  br i1 %condition, label %then, label %end

then:
  call void @use(i32 %a, i32 %b)
  br label %end

end:
  ret void
}
