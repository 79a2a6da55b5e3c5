; RUN: -passes=jump-threading
; Unfolding a select keeps the debug records placed before it: they move
; to what followed the select (records may not precede the new phi), and
; say what %p is (here %y once the edge from %a is threaded) and then what
; the select's value is (the new phi).
; expect-remark: unfolded %s into a branch and a phi
; expect-count: 1 #dbg_value(i32 %y
; expect-count: 1 #dbg_value(i32 %2
; expect-count: 0 poison

declare void @f()
declare void @use(i32)

define i32 @inblock(i1 %e, i32 %y) !dbg !10 {
entry:
  br i1 %e, label %a, label %b, !dbg !12

a:
  call void @f(), !dbg !12
  br label %m, !dbg !12

b:
  call void @f(), !dbg !12
  br label %m, !dbg !12

m:
  %p = phi i32 [ 1, %a ], [ %y, %b ]
  %c = icmp eq i32 %p, 1, !dbg !12
    #dbg_value(i32 %p, !14, !DIExpression(), !12)
  %s = select i1 %c, i32 %y, i32 5, !dbg !12
    #dbg_value(i32 %s, !13, !DIExpression(), !12)
  call void @use(i32 %s), !dbg !12
  ret i32 %s, !dbg !12
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "hand-written", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "k.c", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!5 = !DISubroutineType(types: !{null})
!10 = distinct !DISubprogram(name: "inblock", scope: !1, file: !1, line: 1, type: !5, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!12 = !DILocation(line: 2, column: 3, scope: !10)
!13 = !DILocalVariable(name: "k", scope: !10, file: !1, line: 2, type: !4)
!14 = !DILocalVariable(name: "p", scope: !10, file: !1, line: 2, type: !4)
