; RUN: -passes=dce
; Debug records are not uses: %dead goes. A record naming it keeps its place
; and shows `poison` (LLVM's kill location); the records that rode on %dead
; now ride on the instruction after it.
; expect-count: 1 #dbg_value(i32 poison, !6, !DIExpression(DW_OP_plus_uconst, 1, DW_OP_stack_value), !8)
; expect-count: 1 #dbg_value(!DIArgList(i32 %a, i32 poison), !6
; expect-count: 0 %dead
define i32 @f(i32 %a) !dbg !3 {
entry:
    #dbg_value(!DIArgList(i32 %a, i32 %dead), !6, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !8)
  %dead = mul i32 %a, 7, !dbg !8
    #dbg_value(i32 %dead, !6, !DIExpression(DW_OP_plus_uconst, 1, DW_OP_stack_value), !8)
  ret i32 %a, !dbg !8
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "hand-written", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "f.c", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, spFlags: DISPFlagDefinition, unit: !0)
!4 = !DISubroutineType(types: !5)
!5 = !{null}
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILocation(line: 1, scope: !3)
