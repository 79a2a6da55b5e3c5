; RUN: -passes=loop-unroll -unroll-runtime -unroll-count=4
; The counter's increment in each copy but the last dies once unrolled (the
; copies count from %i directly); the #dbg_value records that named it are
; salvaged as LLVM salvages them, as %i plus the copy's offset, not made
; poison. The records the copies repeat are dropped before the dead
; increments go, as LLVM does, so each copy keeps s then i.
; expect-remark: unrolled loop by a factor of 4 with run-time trip count
; expect-count: 0 poison
; expect-count: 1 #dbg_value(i32 %i, !10, !DIExpression(DW_OP_plus_uconst, 1, DW_OP_stack_value), !7)
; expect-count: 1 #dbg_value(i32 %i, !10, !DIExpression(DW_OP_plus_uconst, 2, DW_OP_stack_value), !7)
; expect-count: 1 #dbg_value(i32 %i, !10, !DIExpression(DW_OP_plus_uconst, 3, DW_OP_stack_value), !7)
; expect-count: 1 #dbg_value(i32 %i.next.3, !10, !DIExpression(), !7)
; expect-count: 6 #dbg_value(i32 %s.next
define i32 @sum(ptr %p, i32 %n) !dbg !10 {
entry:
  %empty = icmp eq i32 %n, 0, !dbg !12
  br i1 %empty, label %exit, label %loop, !dbg !12

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %v = sdiv i32 %s, 2, !dbg !12
  %s.next = add i32 %s, %v, !dbg !12
    #dbg_value(i32 %s.next, !14, !DIExpression(), !12)
  %i.next = add nuw i32 %i, 1, !dbg !12
    #dbg_value(i32 %i.next, !13, !DIExpression(), !12)
    #dbg_value(i32 %i.next, !13, !DIExpression(), !12)
    #dbg_value(i32 %s.next, !14, !DIExpression(), !12)
  %c = icmp eq i32 %i.next, %n, !dbg !12
  br i1 %c, label %exit, label %loop, !dbg !12

exit:
  %r = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  ret i32 %r, !dbg !12
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", isOptimized: true, emissionKind: FullDebug)
!1 = !DIFile(filename: "sum.c", directory: "/tmp")
!2 = !{i32 2, !"Dwarf Version", i32 4}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!10 = distinct !DISubprogram(name: "sum", scope: !1, file: !1, line: 1, type: !11, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!11 = !DISubroutineType(types: !{})
!12 = !DILocation(line: 2, column: 3, scope: !10)
!13 = !DILocalVariable(name: "i", scope: !10, file: !1, line: 2, type: !15)
!14 = !DILocalVariable(name: "s", scope: !10, file: !1, line: 2, type: !15)
!15 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
