; run: --threads 6 --func append --args buf,1:1:0:1:1:0
; ConvergentOperations.rst, "Opportunistic convergent operations": the
; append-buffer reservation. The anchor groups the threads that reach it
; together (this executor: maximal reconvergence); one atomic per group,
; then each thread writes its lane at its own slot.
@bufferAllocationCount = global i32 0

declare i64 @subgroupBallot(i1) convergent
declare i32 @subgroupBroadcastFirst(i32) convergent
declare i32 @getSubgroupLocalInvocationId()

define i32 @reserveSpaceInBuffer() {
entry:
  %anchor = call token @llvm.experimental.convergence.anchor()
  %ballot = call i64 @subgroupBallot(i1 true) [ "convergencectrl"(token %anchor) ]
  %numThreads.p = call i64 @llvm.ctpop.i64(i64 %ballot)
  %numThreads = trunc i64 %numThreads.p to i32
  %absoluteThreadIdx = call i32 @getSubgroupLocalInvocationId()
  %absoluteThreadIdx.ext = zext i32 %absoluteThreadIdx to i64
  %mask.p = shl i64 1, %absoluteThreadIdx.ext
  %mask = sub i64 %mask.p, 1
  %maskedBallot = and i64 %ballot, %mask
  %relativeThreadIdx.p = call i64 @llvm.ctpop.i64(i64 %maskedBallot)
  %relativeThreadIdx = trunc i64 %relativeThreadIdx.p to i32
  %isFirstThread = icmp eq i32 %relativeThreadIdx, 0
  br i1 %isFirstThread, label %then, label %end

then:
  %baseOffset.1 = atomicrmw add ptr @bufferAllocationCount, i32 %numThreads monotonic
  br label %end

end:
  %baseOffset.2 = phi i32 [ undef, %entry ], [ %baseOffset.1, %then ]
  %baseOffset = call i32 @subgroupBroadcastFirst(i32 %baseOffset.2) [ "convergencectrl"(token %anchor) ]
  %offset = add i32 %baseOffset, %relativeThreadIdx
  ret i32 %offset
}

define void @append(ptr %out, i1 %c) {
entry:
  br i1 %c, label %then, label %end

then:
  %off = call i32 @reserveSpaceInBuffer()
  %tid = call i32 @getSubgroupLocalInvocationId()
  %slot = getelementptr i32, ptr %out, i32 %off
  store i32 %tid, ptr %slot
  br label %end

end:
  ret void
}

declare token @llvm.experimental.convergence.anchor()
declare i64 @llvm.ctpop.i64(i64)
