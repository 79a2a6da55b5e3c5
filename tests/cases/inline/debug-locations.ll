; RUN: -passes=inline
; Inlined instructions keep the callee's lines with `inlinedAt` the call's
; location: without it LLVM finds the debug info invalid and drops all of it.
; expect-remark: inlined @add1 into @f
; expect-count: 1 inlinedAt: !
define internal i32 @add1(i32 %x) !dbg !5 {
  %y = add i32 %x, 1, !dbg !8
  ret i32 %y, !dbg !8
}

define i32 @f(i32 %a) !dbg !9 {
  %r = call i32 @add1(i32 %a), !dbg !10
  ret i32 %r, !dbg !10
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !DISubroutineType(types: !4)
!4 = !{null}
!5 = distinct !DISubprogram(name: "add1", scope: !1, file: !1, line: 1, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!8 = !DILocation(line: 2, column: 3, scope: !5)
!9 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 5, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!10 = !DILocation(line: 6, column: 7, scope: !9)
