; RUN: -passes=sink
; `llvm.amdgcn.wqm.vote` is declared here without `convergent`, but LLVM 22
; makes it convergent whatever the declaration says (the vote reads the
; other lanes of the quad). Sinking it into %then, under a divergent branch,
; would leave the lanes that skip %then out of the vote. Refused.
; expect-remark: cannot sink %v: [uncontrolled-control-dependence]
; expect-unchanged
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i1 @llvm.amdgcn.wqm.vote(i1)
declare void @use(i1)

define amdgpu_ps void @k(i1 %p) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %v = call i1 @llvm.amdgcn.wqm.vote(i1 %p)
  %c = icmp eq i32 %tid, 0
  br i1 %c, label %then, label %end

then:
  call void @use(i1 %v)
  br label %end

end:
  ret void
}
