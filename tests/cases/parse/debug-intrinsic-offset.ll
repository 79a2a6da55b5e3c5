; The old dbg.value with an offset operand becomes a record when the offset
; is 0; names with '$' are written quoted, as LLVM writes them.
declare void @llvm.dbg.value(metadata, i64, metadata, metadata)

define i32 @f(i32 %"a$b") !dbg !4 {
entry:
  call void @llvm.dbg.value(metadata i32 %"a$b", i64 0, metadata !7, metadata !DIExpression()), !dbg !9
  ret i32 %"a$b", !dbg !9
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "hand-written", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "f.c", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !5, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{null}
!7 = !DILocalVariable(name: "a$b", arg: 1, scope: !4, file: !1, line: 1, type: !8)
!8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!9 = !DILocation(line: 1, column: 3, scope: !4)
