; RULE: at most one heart per cycle: two inner loops whose loop intrinsics both use the
; outer anchor (the spec's closed path through both hearts); each is in a cycle (the
; outer loop) whose header it is not.
; expect-error: Cycle heart must dominate all blocks in the cycle.
; expect-error: Cycle heart must dominate all blocks in the cycle.
define void @f(i1 %c1, i1 %c2) {
entry:
  %anchor = call token @llvm.experimental.convergence.anchor()
  br label %outer

outer:
  br i1 %c1, label %inner1, label %skip1

inner1:
  %loop1 = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %anchor) ]
  br i1 %c1, label %inner1, label %skip1

skip1:
  br i1 %c2, label %inner2, label %latch

inner2:
  %loop2 = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %anchor) ]
  br i1 %c2, label %inner2, label %latch

latch:
  br label %outer
}
