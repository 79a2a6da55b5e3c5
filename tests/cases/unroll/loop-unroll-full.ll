; RUN: -passes=require<opt-remark-emit>,loop(loop-unroll-full) -unroll-runtime -unroll-count=4
; loop-unroll-full (LLVM's LoopFullUnrollPass) unrolls only completely: the
; loop of 4 iterations goes away, with its anchor copied into each iteration;
; the run-time counted loop stays although -unroll-runtime and -unroll-count
; would unroll it under loop-unroll. Same output as opt-22 for @full and
; @runtime but the order of a phi's incoming values (both add a preheader).
; expect-remark: completely unrolled loop with 4 iterations
; expect-remark: loop-unroll-full unrolls only completely, not by a factor of 4
; expect-count: 4 call i32 @subgroup_add
target triple = "amdgcn-amd-amdhsa"
declare i32 @subgroup_add(i32) convergent nounwind willreturn memory(none)
define void @full(ptr %p) convergent {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %a = call token @llvm.experimental.convergence.anchor()
  %r = call i32 @subgroup_add(i32 %i) [ "convergencectrl"(token %a) ]
  %q = getelementptr i32, ptr %p, i32 %i
  store i32 %r, ptr %q
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 4
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
define void @runtime(ptr %p, i32 %n) {
entry:
  %guard = icmp sgt i32 %n, 0
  br i1 %guard, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %q = getelementptr i32, ptr %p, i32 %i
  store i32 %i, ptr %q
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
