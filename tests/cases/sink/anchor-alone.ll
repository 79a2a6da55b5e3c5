; RUN: -passes=sink
; The spec's first anchor example: "%tok = anchor; if (condition) { call
; convergent.operation [%tok] }". The token is only used in the conditional
; block, so the anchor itself sinks: already in the original program, the
; threads that communicate are a subset of those for which the condition holds.
; expect-remark: sank %tok from %entry to %then
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @convergent.operation() convergent

define void @anchor_alone() {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %tok = call token @llvm.experimental.convergence.anchor()
  %condition = icmp slt i32 %tid, 16
  br i1 %condition, label %then, label %end

then:
  call void @convergent.operation() [ "convergencectrl"(token %tok) ]
  br label %end

end:
  ret void
}
