; RUN: -passes=loop-unroll
; The scope declared in the body holds for one iteration: each unrolled
; copy declares a scope of its own (same domain, named `scope:It1`,
; `scope:It2` as LLVM names them), and its !alias.scope / !noalias lists
; name it. Sharing !1 would tell alias analysis that iteration 0's store to
; Q[0] and iteration 1's load of P[1] do not alias, which the loop never
; said (here Q = P + 1 is allowed). The scope declared before the loop
; (!11) is the same in every copy. opt-22 -passes=loop-unroll gives the
; same scopes and lists.
; expect-count: 1 scope.decl(metadata !0)
; expect-count: 4 call void @llvm.experimental.noalias.scope.decl(metadata
; expect-output: !5 = !{!4, !1}
; expect-output: !7 = distinct !{!7, !2, !"scope:It1"}
; expect-output: !8 = !{!7, !1}
; expect-output: !10 = distinct !{!10, !2, !"scope:It2"}
; expect-output: !11 = !{!10, !1}

declare void @llvm.experimental.noalias.scope.decl(metadata)

define void @shift(ptr %P, ptr %Q) {
entry:
  call void @llvm.experimental.noalias.scope.decl(metadata !12)
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  call void @llvm.experimental.noalias.scope.decl(metadata !2)
  %pi = getelementptr i32, ptr %P, i64 %i
  %v = load i32, ptr %pi, align 4, !alias.scope !2
  %qi = getelementptr i32, ptr %Q, i64 %i
  store i32 %v, ptr %qi, align 4, !noalias !13
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i.next, 3
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

!0 = distinct !{!0, !"domain"}
!1 = distinct !{!1, !0, !"scope"}
!2 = !{!1}
!11 = distinct !{!11, !0, !"outer"}
!12 = !{!11}
!13 = !{!1, !11}
