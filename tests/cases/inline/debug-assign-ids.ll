; RUN: -passes=inline
; A `#dbg_assign` record and the store it describes are linked by a
; DIAssignID, which LLVM's verifier requires to stay within one function.
; Each inlined copy of @set gets a fresh id, on the copied store and on the
; copied record alike; @set keeps its own.
; expect-count: 3 = distinct !DIAssignID()
; expect-count: 3 #dbg_assign(i32

define void @set(ptr %p, i32 %v) !dbg !10 {
entry:
  store i32 %v, ptr %p, align 4, !dbg !12, !DIAssignID !13
    #dbg_assign(i32 %v, !11, !DIExpression(), !13, ptr %p, !DIExpression(), !12)
  ret void, !dbg !12
}

define void @a(ptr %p) !dbg !20 {
entry:
  call void @set(ptr %p, i32 1), !dbg !21
  ret void, !dbg !21
}

define void @b(ptr %p) !dbg !30 {
entry:
  call void @set(ptr %p, i32 2), !dbg !31
  ret void, !dbg !31
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "hand-written", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "k.c", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!5 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!6 = !DISubroutineType(types: !{null})
!10 = distinct !DISubprogram(name: "set", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !{})
!11 = !DILocalVariable(name: "v", arg: 2, scope: !10, file: !1, line: 1, type: !5)
!12 = !DILocation(line: 1, column: 30, scope: !10)
!13 = distinct !DIAssignID()
!20 = distinct !DISubprogram(name: "a", scope: !1, file: !1, line: 2, type: !6, scopeLine: 2, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!21 = !DILocation(line: 2, column: 5, scope: !20)
!30 = distinct !DISubprogram(name: "b", scope: !1, file: !1, line: 3, type: !6, scopeLine: 3, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!31 = !DILocation(line: 3, column: 5, scope: !30)
