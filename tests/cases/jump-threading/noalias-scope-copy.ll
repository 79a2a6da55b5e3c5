; RUN: -passes=jump-threading
; The edge into %join from %entry (which absorbed the empty %left) is
; threaded to %yes through a copy of %join. The copy declares a scope of
; its own, named `inner:thread` as LLVM names it, and its !alias.scope list
; names that scope; the scope declared in %entry (!11) is the same for both. Copies of a region must not share the
; scopes declared in it (opt-22 -verify-noalias-scope-decl-dom rejects a
; declaration that dominates another of the same scope). opt-22
; -passes=jump-threading renames the copy's scope the same way.
; expect-remark: threaded %entry -> %join to %yes
; expect-count: 3 scope.decl(metadata !
; expect-output: !4 = distinct !{!4, !2, !"inner:thread"}
; expect-output: store i32 1, ptr %p, align 4, !alias.scope !3, !noalias !0
; expect-output: store i32 1, ptr %p, align 4, !alias.scope !5, !noalias !0

declare void @llvm.experimental.noalias.scope.decl(metadata)
declare void @use(i32)

define void @f(i1 %c, ptr %p, ptr %q) {
entry:
  call void @llvm.experimental.noalias.scope.decl(metadata !12)
  br i1 %c, label %left, label %right

left:
  br label %join

right:
  %x = load i32, ptr %q, align 4
  call void @use(i32 %x)
  br label %join

join:
  %k = phi i1 [ true, %left ], [ false, %right ]
  call void @llvm.experimental.noalias.scope.decl(metadata !2)
  store i32 1, ptr %p, align 4, !alias.scope !2, !noalias !12
  br i1 %k, label %yes, label %no

yes:
  ret void

no:
  store i32 2, ptr %q, align 4, !noalias !2
  ret void
}

!0 = distinct !{!0, !"domain"}
!1 = distinct !{!1, !0, !"inner"}
!2 = !{!1}
!11 = distinct !{!11, !0, !"outer"}
!12 = !{!11}
