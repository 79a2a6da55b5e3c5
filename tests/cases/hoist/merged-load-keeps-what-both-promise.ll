; RUN: -passes=hoist
; Two loads merged into one in %entry: the merged load runs on both paths,
; so it may promise only what both did. The alignment is the smaller one
; (align 8 would be undefined behavior on the %b path, where %p is only
; known to be 2-aligned); !range covers both ranges; !noundef, which both
; have, stays; !tbaa tags that differ (an int and a long) become the tag of
; the type both descend from (omnipotent char), as LLVM's; a !nonnull or
; !alias.scope on one side only is dropped; !align takes the smaller value.
; expect-output: %v1 = load i32, ptr %p, align 2, !range !0, !noundef !1, !tbaa !2
; expect-count: 0 ptr %p, align 8
; expect-output: !2 = !{!3, !3, i64 0}
; expect-output: !3 = !{!"omnipotent char", !4, i64 0}
; expect-count: 0 !nonnull
; expect-count: 0 !alias.scope
; expect-output: %q1 = load ptr, ptr %pp, align 8, !align !5
; expect-output: !0 = !{i32 0, i32 10}
; expect-output: !5 = !{i64 4}

declare void @use(i32)
declare void @usep(ptr)

define void @f(ptr %p, ptr %pp, i1 %c) {
entry:
  br i1 %c, label %a, label %b

a:
  %v1 = load i32, ptr %p, align 8, !range !0, !noundef !2, !tbaa !10
  %q1 = load ptr, ptr %pp, align 8, !nonnull !2, !align !20, !alias.scope !31
  call void @use(i32 %v1)
  call void @usep(ptr %q1)
  ret void

b:
  %v2 = load i32, ptr %p, align 2, !range !1, !noundef !2, !tbaa !11
  %q2 = load ptr, ptr %pp, align 8, !align !21
  call void @use(i32 %v2)
  call void @usep(ptr %q2)
  ret void
}

!0 = !{i32 0, i32 5}
!1 = !{i32 3, i32 10}
!2 = !{}
!10 = !{!12, !12, i64 0}
!11 = !{!13, !13, i64 0}
!12 = !{!"int", !14, i64 0}
!13 = !{!"long", !14, i64 0}
!14 = !{!"omnipotent char", !15, i64 0}
!15 = !{!"Simple C/C++ TBAA"}
!20 = !{i64 16}
!21 = !{i64 4}
!29 = distinct !{!29, !"domain"}
!30 = distinct !{!30, !29, !"scope"}
!31 = !{!30}
