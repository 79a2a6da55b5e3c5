; RUN: -passes=hoist
; Uncontrolled convergent calls (no tokens) in both arms of a uniform
; branch: every branch involved is uniform, so merging keeps each thread's
; communicating set. The divergent copy of the same pattern below is refused.
; expect-remark: hoisted %u1 from %uni.then into %entry, merged with %u2 from %uni.else
; expect-remark: cannot hoist %d1 and %d2: [uncontrolled-control-dependence]
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @ballot(i1) convergent nounwind willreturn memory(none)
declare void @use(i32)

define amdgpu_kernel void @uncontrolled(i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %uni = icmp eq i32 %n, 0
  br i1 %uni, label %uni.then, label %uni.else

uni.then:
  %u1 = call i32 @ballot(i1 true)
  call void @use(i32 %u1)
  br label %mid

uni.else:
  %u2 = call i32 @ballot(i1 true)
  call void @use(i32 %u2)
  br label %mid

mid:
  %div = icmp eq i32 %tid, 0
  br i1 %div, label %div.then, label %div.else

div.then:
  %d1 = call i32 @ballot(i1 true)
  call void @use(i32 %d1)
  br label %end

div.else:
  %d2 = call i32 @ballot(i1 true)
  call void @use(i32 %d2)
  br label %end

end:
  ret void
}
