; RUN: -passes=loop-unroll
; Full unrolling copies each iteration's debug records with it, the
; copies describing that iteration's values; where merging a latch into
; the next header leaves two runs of records saying the same thing, the
; earlier is dropped, as LLVM does after unrolling.
; expect-count: 3 #dbg_value(i32 %t
; expect-count: 1 #dbg_value(i32 1, !
; expect-count: 1 #dbg_value(i32 2, !
; expect-count: 1 #dbg_value(i32 3, !
; expect-count: 0 poison

define i32 @sum3(ptr %p) !dbg !10 {
entry:
  br label %loop, !dbg !12

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
    #dbg_value(i32 %i, !13, !DIExpression(), !12)
  %a = getelementptr inbounds i32, ptr %p, i32 %i, !dbg !12
  %v = load i32, ptr %a, align 4, !dbg !12
  %t = mul i32 %v, 2, !dbg !12
    #dbg_value(i32 %t, !14, !DIExpression(), !12)
  %s.next = add i32 %s, %t, !dbg !12
  %i.next = add i32 %i, 1, !dbg !12
    #dbg_value(i32 %i.next, !13, !DIExpression(), !12)
  %c = icmp slt i32 %i.next, 3, !dbg !12
  br i1 %c, label %loop, label %exit, !dbg !12

exit:
  ret i32 %s.next, !dbg !12
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "hand-written", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "k.c", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!5 = !DISubroutineType(types: !{!4})
!10 = distinct !DISubprogram(name: "sum3", scope: !1, file: !1, line: 1, type: !5, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!12 = !DILocation(line: 2, column: 3, scope: !10)
!13 = !DILocalVariable(name: "i", scope: !10, file: !1, line: 2, type: !4)
!14 = !DILocalVariable(name: "t", scope: !10, file: !1, line: 3, type: !4)
