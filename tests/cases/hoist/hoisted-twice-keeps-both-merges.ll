; RUN: -passes=hoist
; Found in review: a load hoisted from %a1/%a2 into %l is hoisted again,
; from %l/%r into %top, in the same run. The first merge's new !range
; (covering [0,10) and [20,30)) was made only at the end of the pass, so
; the second merge saw no range on the hoisted load and the first merge's
; range was attached afterwards: the load in %top claimed [0,30) though on
; the path through %r it reads values in [40,50) (poison where the program
; had none). Likewise its location was merged from %a1's and %r's (both
; line 2), as if %a2's (line 3) had never been there. Now the load's
; range is the union of all three, kept apart as LLVM 22's gvn-hoist keeps
; them, and its location is line 0.
; expect-remark: hoisted %a from %a1 into %l, merged with %b from %a2
; expect-remark: hoisted %a from %l into %top, merged with %c from %r
; expect-output: %a = load i32, ptr %p, align 4, !range !6, !dbg !7
; expect-output: !6 = !{i32 0, i32 10, i32 20, i32 30, i32 40, i32 50}
; expect-output: !7 = !DILocation(line: 0, scope: !3)
; expect-count: 1 !range
declare void @use(i32)

define void @f(ptr %p, i1 %c1, i1 %c2) !dbg !3 {
entry:
  br label %top
l:
  br i1 %c2, label %a1, label %a2
a1:
  %a = load i32, ptr %p, align 4, !range !10, !dbg !20
  call void @use(i32 %a)
  ret void
a2:
  %b = load i32, ptr %p, align 4, !range !11, !dbg !21
  call void @use(i32 %b)
  ret void
r:
  %c = load i32, ptr %p, align 4, !range !12, !dbg !22
  call void @use(i32 %c)
  ret void
top:
  br i1 %c1, label %l, label %r
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!4}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "k.c", directory: "/src")
!2 = !DISubroutineType(types: !{})
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !2, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0)
!4 = !{i32 2, !"Debug Info Version", i32 3}
!10 = !{i32 0, i32 10}
!11 = !{i32 20, i32 30}
!12 = !{i32 40, i32 50}
!20 = !DILocation(line: 2, column: 5, scope: !3)
!21 = !DILocation(line: 3, column: 5, scope: !3)
!22 = !DILocation(line: 2, column: 5, scope: !3)
