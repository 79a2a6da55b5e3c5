; RUN: -passes=loop-unroll
; Full unrolling of a loop with a heart and a constant trip count: the loop
; disappears, the heart stays once (each original iteration's operation
; uses it, as in the spec's trip-multiple example taken to the limit), and
; the induction variable folds to constants.
; expect-remark: completely unrolled loop with 4 iterations; the loop heart is shared by every copy
; expect-count: 1 call token @llvm.experimental.convergence.loop()
; expect-count: 4 call i32 @subgroup.add(i32
; expect-output: %s.3 = call i32 @subgroup.add(i32 3) [ "convergencectrl"(token %inner) ]
target triple = "amdgcn-amd-amdhsa"

declare i32 @subgroup.add(i32) convergent nounwind willreturn memory(none)
declare void @use(i32)

define void @full(ptr %p) convergent {
entry:
  %outer = call token @llvm.experimental.convergence.entry()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %inner = call token @llvm.experimental.convergence.loop() [ "convergencectrl"(token %outer) ]
  %s = call i32 @subgroup.add(i32 %i) [ "convergencectrl"(token %inner) ]
  %acc.next = add i32 %acc, %s
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 4
  br i1 %done, label %exit, label %loop

exit:
  call void @use(i32 %acc.next)
  ret void
}
