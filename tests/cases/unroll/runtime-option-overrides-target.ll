; RUN: -passes=loop-unroll -unroll-runtime=false
; NVPTX unrolls at run time by default; -unroll-runtime=false, given on the
; command line, overrides the target's default (as in opt, where options
; that are given win over the target's preferences), so the loop with a
; run-time trip count stays. opt-22 leaves it too (it only adds the
; preheader, with the phi's incoming values in another order).
; expect-no-remark: unrolled loop
target triple = "nvptx64-nvidia-cuda"
define void @f(ptr %p, i32 %n) {
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
