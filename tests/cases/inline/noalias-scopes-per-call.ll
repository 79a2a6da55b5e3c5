; RUN: -passes=inline
; Each inlined call of @callee gets its own copy of the callee's scoped
; alias metadata (a new domain, scope and list, same names), as LLVM's
; inliner makes them: with the callee's !1 shared, the first copy's store to
; %b (noalias !1) and the second copy's load of %c (alias.scope !1) would
; claim not to alias, which the program never said (%b and %c may be the
; same object; each call only promises that its own %p and %q differ).
; opt-22 -passes=inline gives the same metadata.
; expect-count: 1 scope.decl(metadata !0)
; expect-count: 1 scope.decl(metadata !3)
; expect-output: %v.i1 = load i32, ptr %c, align 4, !alias.scope !3
; expect-output: store i32 %v.i1, ptr %d, align 4, !noalias !3
; expect-output: !4 = distinct !{!4, !5, !"scope"}
; expect-output: !5 = distinct !{!5, !"domain"}

declare void @llvm.experimental.noalias.scope.decl(metadata)

define internal void @callee(ptr %p, ptr %q) {
  call void @llvm.experimental.noalias.scope.decl(metadata !2)
  %v = load i32, ptr %p, align 4, !alias.scope !2
  store i32 %v, ptr %q, align 4, !noalias !2
  ret void
}

define void @caller(ptr %a, ptr %b, ptr %c, ptr %d) {
  call void @callee(ptr %a, ptr %b)
  call void @callee(ptr %c, ptr %d)
  ret void
}

!0 = distinct !{!0, !"domain"}
!1 = distinct !{!1, !0, !"scope"}
!2 = !{!1}
