; RUN: -passes=loop-unroll
; Under semantic interposition, @e (not dso_local) may be defined by another
; library, whose initializer is the one the program reads: the unrolled
; loads of @e are not folded (as opt-22 leaves them), while those of the
; dso_local @l read its initializer.
; expect-count: 2 = load i32
; expect-count: 0 store i32 1,
; expect-output: store i32 7, ptr %out, align 4
target datalayout = "e-i64:64-n32:64"

@e = constant [2 x i32] [i32 1, i32 2]
@l = dso_local constant [2 x i32] [i32 7, i32 8]

define void @f(ptr %out, ptr %out2) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %ep = getelementptr inbounds i32, ptr @e, i64 %i
  %w = load i32, ptr %ep, align 4
  %lp = getelementptr inbounds i32, ptr @l, i64 %i
  %x = load i32, ptr %lp, align 4
  %op = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %x, ptr %op, align 4
  %op2 = getelementptr inbounds i32, ptr %out2, i64 %i
  store i32 %w, ptr %op2, align 4
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, 2
  br i1 %c, label %exit, label %loop

exit:
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"SemanticInterposition", i32 1}
