; RUN: -passes=sink
; The spec's counterpart: %a is also used before the branch, so only %b could
; sink. That would let threads for which the condition is false communicate
; at %a but not at %b, which the original program does not allow. Refused.
; expect-remark: cannot sink %b: [partial-anchor-move]
; expect-unchanged
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @pure.convergent.operation(i32) convergent nounwind willreturn memory(none)
declare void @use(i32)

define void @anchor_sinking_partial(i32 %x) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %tok = call token @llvm.experimental.convergence.anchor()
  %a = call i32 @pure.convergent.operation(i32 %x) [ "convergencectrl"(token %tok) ]
  %b = call i32 @pure.convergent.operation(i32 %tid) [ "convergencectrl"(token %tok) ]
  call void @use(i32 %a)
  %condition = icmp slt i32 %tid, 16
  br i1 %condition, label %then, label %end

then:
  call void @use(i32 %b)
  br label %end

end:
  ret void
}
