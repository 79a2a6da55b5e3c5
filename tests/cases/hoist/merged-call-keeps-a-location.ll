; RUN: -passes=hoist
; Two identical calls at different lines are merged above the branch. The
; merged call keeps a location (line 0: see merged-location.ll): in a function with debug info, opt-22's
; verifier requires one on every call it could inline (without it, opt-22
; strips the module's debug info as invalid). Metadata the two calls do
; not share (!range here) is dropped.
; expect-count: 1 call i32 @read(i32 %x), !dbg
; expect-count: 0 !range

declare i32 @read(i32) nounwind willreturn memory(none)
declare void @use(i32)

define void @f(i1 %c, i32 %x) !dbg !10 {
entry:
  br i1 %c, label %a, label %b, !dbg !12

a:
  %r1 = call i32 @read(i32 %x), !dbg !13, !range !20
  call void @use(i32 %r1), !dbg !13
  br label %end, !dbg !13

b:
  %r2 = call i32 @read(i32 %x), !dbg !14
  call void @use(i32 %r2), !dbg !14
  br label %end, !dbg !14

end:
  ret void, !dbg !14
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "hand-written", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "k.c", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!5 = !DISubroutineType(types: !{null})
!10 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !5, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!12 = !DILocation(line: 2, column: 3, scope: !10)
!13 = !DILocation(line: 3, column: 5, scope: !10)
!14 = !DILocation(line: 5, column: 5, scope: !10)
!20 = !{i32 0, i32 10}
