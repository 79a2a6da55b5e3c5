; RUN: -passes=hoist
; The hoisted call stands for two calls: its location is the merge of
; theirs, not either arm's, as opt-22's simplifycfg<hoist-common-insts>
; gives it (gvn-hoist gives hoisted calls line 0 in the function instead).
; @same_line: one line, two columns, two sibling blocks -> the line, no
; column, in the enclosing block. @two_lines: line 0 in the subprogram.
; @inlined: two copies of one inlined call at different call sites -> the
; callee's line and column, inlined at line 0 of the caller.
; expect-count: 1 = !DILocation(line: 4, scope:
; expect-count: 2 = !DILocation(line: 0, scope:
; expect-count: 1 = !DILocation(line: 31, column: 9,

declare i32 @read(i32) nounwind willreturn memory(none)
declare void @use(i32)

define void @same_line(i1 %c, i32 %x) !dbg !10 {
entry:
  br i1 %c, label %a, label %b, !dbg !12

a:
  %r1 = call i32 @read(i32 %x), !dbg !13
  call void @use(i32 %r1), !dbg !13
  br label %end, !dbg !13

b:
  %r2 = call i32 @read(i32 %x), !dbg !14
  call void @use(i32 %r2), !dbg !14
  br label %end, !dbg !14

end:
  ret void, !dbg !14
}

define void @two_lines(i1 %c, i32 %x) !dbg !20 {
entry:
  br i1 %c, label %a, label %b, !dbg !21

a:
  %r1 = call i32 @read(i32 %x), !dbg !22
  call void @use(i32 %r1), !dbg !22
  br label %end, !dbg !22

b:
  %r2 = call i32 @read(i32 %x), !dbg !23
  call void @use(i32 %r2), !dbg !23
  br label %end, !dbg !23

end:
  ret void, !dbg !23
}

define void @inlined(i1 %c, i32 %x) !dbg !30 {
entry:
  br i1 %c, label %a, label %b, !dbg !31

a:
  %r1 = call i32 @read(i32 %x), !dbg !34
  call void @use(i32 %r1), !dbg !32
  br label %end, !dbg !32

b:
  %r2 = call i32 @read(i32 %x), !dbg !35
  call void @use(i32 %r2), !dbg !33
  br label %end, !dbg !33

end:
  ret void, !dbg !33
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "hand-written", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "k.c", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!5 = !DISubroutineType(types: !{null})
!10 = distinct !DISubprogram(name: "same_line", scope: !1, file: !1, line: 1, type: !5, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!11 = distinct !DILexicalBlock(scope: !10, file: !1, line: 2, column: 3)
!15 = distinct !DILexicalBlock(scope: !11, file: !1, line: 3, column: 5)
!16 = distinct !DILexicalBlock(scope: !11, file: !1, line: 3, column: 20)
!12 = !DILocation(line: 2, column: 3, scope: !11)
!13 = !DILocation(line: 4, column: 7, scope: !15)
!14 = !DILocation(line: 4, column: 22, scope: !16)
!20 = distinct !DISubprogram(name: "two_lines", scope: !1, file: !1, line: 10, type: !5, scopeLine: 10, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!21 = !DILocation(line: 11, column: 3, scope: !20)
!22 = !DILocation(line: 12, column: 5, scope: !20)
!23 = !DILocation(line: 14, column: 5, scope: !20)
!30 = distinct !DISubprogram(name: "inlined", scope: !1, file: !1, line: 20, type: !5, scopeLine: 20, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!36 = distinct !DISubprogram(name: "callee", scope: !1, file: !1, line: 30, type: !5, scopeLine: 30, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!31 = !DILocation(line: 21, column: 3, scope: !30)
!32 = distinct !DILocation(line: 22, column: 5, scope: !30)
!33 = distinct !DILocation(line: 24, column: 5, scope: !30)
!34 = !DILocation(line: 31, column: 9, scope: !36, inlinedAt: !32)
!35 = !DILocation(line: 31, column: 9, scope: !36, inlinedAt: !33)
