; RUN: -passes=dce
; An alloca whose only user is a debug intrinsic's metadata operand is dead
; (wrapped locals are not SSA uses). The operand must not dangle: it becomes
; `poison`, a killed location, which LLVM reads back.
; expect-count: 1 #dbg_declare(ptr poison,
define void @f() !dbg !3 {
  %x = alloca i32, align 4
  call void @llvm.dbg.declare(metadata ptr %x, metadata !4, metadata !DIExpression()), !dbg !6
  ret void
}

declare void @llvm.dbg.declare(metadata, metadata, metadata)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !7, unit: !0)
!4 = !DILocalVariable(name: "x", scope: !3, file: !1, line: 2, type: !5)
!5 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!6 = !DILocation(line: 2, column: 7, scope: !3)
!7 = !DISubroutineType(types: !8)
!8 = !{null}
