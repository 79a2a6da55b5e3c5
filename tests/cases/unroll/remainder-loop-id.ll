; RUN: -passes=loop-unroll<runtime> -unroll-count=4
; Found in review: the remainder loop's id. LLVM builds the remainder's
; latch branch anew, without the original's !llvm.loop, so the remainder
; gets a fresh id with llvm.loop.unroll.disable alone (opt-22 prints
; `distinct !{!3, !2}` here); the properties of the original id, such as
; the llvm.loop.mustprogress clang gives every C++ loop, stay with the
; unrolled loop only.
; expect-remark: with run-time trip count
; expect-output: !0 = distinct !{!0, !1, !2}
; expect-output: !3 = distinct !{!3, !2}
; expect-count: 1 llvm.loop.mustprogress
target triple = "nvptx64-nvidia-cuda"
declare void @use(i32)

define void @k(i32 %n) {
entry:
  %z = icmp sgt i32 %n, 0
  br i1 %z, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @use(i32 %i)
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit, !llvm.loop !0
exit:
  ret void
}
!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.mustprogress"}
