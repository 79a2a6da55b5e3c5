; RUN: -passes=inline
; The spec's @reserveSpaceInBuffer is not convergent and uses an anchor; its
; caller here has uncontrolled convergent operations. Inlining would mix the
; two modes in one function, which the spec forbids. Refused.
; expect-remark: cannot inline @reserveSpaceInBuffer into @caller: [inline-mixed-modes]
; expect-unchanged
declare i64 @subgroupBallot(i1) convergent
declare i32 @subgroupBroadcastFirst(i32) convergent
declare void @barrier() convergent

define i32 @reserveSpaceInBuffer() alwaysinline {
entry:
  %anchor = call token @llvm.experimental.convergence.anchor()
  %ballot = call i64 @subgroupBallot(i1 true) [ "convergencectrl"(token %anchor) ]
  %n = trunc i64 %ballot to i32
  %base = call i32 @subgroupBroadcastFirst(i32 %n) [ "convergencectrl"(token %anchor) ]
  ret i32 %base
}

define i32 @caller() convergent {
entry:
  call void @barrier()
  %r = call i32 @reserveSpaceInBuffer()
  ret i32 %r
}
