; RUN: -passes=loop-unroll -unroll-runtime -unroll-count=2
; Found by an adversarial review: the trip count is read from the first lane
; of each wave, so waves of one workgroup may have different trip counts.
; With a heart controlled by the entry token (whose group may be the whole
; workgroup), a remainder would run the same original iteration in
; different copies for different waves. Refused.
; expect-remark: [heart-remainder]
; expect-unchanged
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.readfirstlane.i32(i32) convergent nounwind willreturn memory(none)
declare void @wg_op() convergent nounwind
define amdgpu_kernel void @k() convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %w = lshr i32 %tid, 6
  %cnt0 = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %w) [ "convergencectrl"(token %e) ]
  %counter = add i32 %cnt0, 1
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %inner = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %e) ]
  call void @wg_op() [ "convergencectrl"(token %inner) ]
  %i.next = add nuw i32 %i, 1
  %done = icmp eq i32 %i.next, %counter
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
