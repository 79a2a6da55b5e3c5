; RUN: -passes=loop-unroll -unroll-runtime -unroll-count=2
; Found by the adversarial review of the heart remainder: the trip count is
; the number of active threads of the warp (activemask), which a partial
; last warp has fewer of, like the lanemask registers. The entry token's
; group may span warps, so warps of one group may have different trip
; counts and run the same original iteration in different copies. No
; remainder.
; expect-remark: [heart-remainder]
; expect-no-remark: with run-time trip count
; expect-unchanged
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.activemask() convergent nounwind
declare i32 @llvm.ctpop.i32(i32)
declare void @wg_op() convergent nounwind willreturn

define ptx_kernel void @active() convergent {
entry:
  %e = call token @llvm.experimental.convergence.entry()
  %m = call i32 @llvm.nvvm.activemask() [ "convergencectrl"(token %e) ]
  %counter = call i32 @llvm.ctpop.i32(i32 %m)
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
