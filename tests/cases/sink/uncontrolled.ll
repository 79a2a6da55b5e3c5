; RUN: -passes=sink
; Uncontrolled convergent operations keep the `convergent` attribute's
; original meaning: no new control dependences. %joined sinks to %join,
; which is control-equivalent to %entry (it dominates and post-dominates
; the move). %cond cannot sink into %then under the divergent branch.
; expect-remark: sank %joined from %entry to %join
; expect-remark: cannot sink %cond: [uncontrolled-control-dependence]
; expect-output: %cond = call i32 @ballot(i1 %c)
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @ballot(i1) convergent nounwind willreturn memory(none)
declare void @use(i32) nounwind willreturn

define void @uncontrolled() convergent {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp slt i32 %tid, 16
  %joined = call i32 @ballot(i1 true)
  %cond = call i32 @ballot(i1 %c)
  br i1 %c, label %then, label %else

then:
  call void @use(i32 %cond)
  br label %join

else:
  br label %join

join:
  call void @use(i32 %joined)
  ret void
}
