; RUN: -passes=loop-unroll -unroll-runtime -unroll-count=2
; Found by the adversarial review of the heart remainder: the trip count is
; read from s.barrier.signal.isfirst, whether this wave signalled the
; barrier first. Like s.memtime (wave-uniform-trip-count.ll), its result is
; the same within a wave only, and the entry token's group may span waves:
; waves with 3 and 4 iterations would run the third one in different
; copies. No remainder. (s.sendmsg.rtn and NVPTX's performance counters,
; which the executor does not run, are tested in the oracle's unit tests.)
; expect-remark: [heart-remainder]
; expect-no-remark: with run-time trip count
; expect-unchanged
target triple = "amdgcn-amd-amdhsa"

declare i1 @llvm.amdgcn.s.barrier.signal.isfirst(i32 immarg)
declare void @wg_op() convergent nounwind willreturn

define amdgpu_kernel void @first() convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %f = call i1 @llvm.amdgcn.s.barrier.signal.isfirst(i32 -1) [ "convergencectrl"(token %e) ]
  %counter = select i1 %f, i32 3, i32 4
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
