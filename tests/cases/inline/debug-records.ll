; Inlining carries the callee's debug records into the caller, their
; locations inlined at the call, and the caller's own records keep their
; place: the record of the call's result describes the returned value,
; the records after the call stay after it.
; RUN: -passes=inline
; expect-count: 1 #dbg_value(i32 %y.i,
; expect-count: 1 #dbg_value(i32 %z.i,
; expect-count: 1 #dbg_value(i32 %r.i,
; expect-count: 1 #dbg_value(i32 %d,
; expect-count: 0 poison
; expect-count: 1 g.exit:
; expect-count: 2 inlinedAt:

define internal i32 @g(i32 %x) !dbg !10 {
entry:
    #dbg_value(i32 %x, !14, !DIExpression(), !15)
  %y = mul i32 %x, 3, !dbg !15
    #dbg_value(i32 %y, !16, !DIExpression(), !15)
  %big = icmp sgt i32 %x, 5, !dbg !15
  br i1 %big, label %more, label %done, !dbg !15

more:
  %z = add i32 %y, %x, !dbg !17
    #dbg_value(i32 %z, !16, !DIExpression(), !17)
  br label %done, !dbg !17

done:
  %r = phi i32 [ %z, %more ], [ %y, %entry ], !dbg !17
    #dbg_value(i32 %x, !14, !DIExpression(), !17)
  ret i32 %r, !dbg !17
}

define i32 @f(i32 %a) !dbg !20 {
entry:
    #dbg_value(i32 %a, !5, !DIExpression(), !21)
  %c = call i32 @g(i32 %a), !dbg !22
    #dbg_value(i32 %c, !7, !DIExpression(), !22)
  %d = add i32 %c, 1, !dbg !23
    #dbg_value(i32 %d, !8, !DIExpression(), !23)
  ret i32 %d, !dbg !23
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "hand-written", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "k.c", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!5 = !DILocalVariable(name: "a", arg: 1, scope: !20, file: !1, line: 8, type: !4)
!6 = !DISubroutineType(types: !{!4, !4})
!7 = !DILocalVariable(name: "c", scope: !20, file: !1, line: 9, type: !4)
!8 = !DILocalVariable(name: "d", scope: !20, file: !1, line: 10, type: !4)
!10 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!14 = !DILocalVariable(name: "x", arg: 1, scope: !10, file: !1, line: 1, type: !4)
!15 = !DILocation(line: 2, column: 3, scope: !10)
!16 = !DILocalVariable(name: "y", scope: !10, file: !1, line: 2, type: !4)
!17 = !DILocation(line: 4, column: 3, scope: !10)
!20 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 8, type: !6, scopeLine: 8, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!21 = !DILocation(line: 8, column: 1, scope: !20)
!22 = !DILocation(line: 9, column: 11, scope: !20)
!23 = !DILocation(line: 10, column: 11, scope: !20)
