; Calls to llvm.dbg.* in an older file become debug records where they
; stood, and the declarations go, as LLVM 22 reads them.
declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare void @llvm.dbg.value(metadata, metadata, metadata)

define void @f(i32 %a, ptr %p) !dbg !4 {
entry:
  call void @llvm.dbg.declare(metadata ptr %p, metadata !8, metadata !DIExpression(DW_OP_deref)), !dbg !9
  %b = add i32 %a, 2, !dbg !9
  call void @llvm.dbg.value(metadata !DIArgList(i32 %a, i32 %b), metadata !7, metadata !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value)), !dbg !9
  call void @llvm.dbg.value(metadata i32 undef, metadata !7, metadata !DIExpression()), !dbg !9
  store i32 %b, ptr %p, align 4, !dbg !9
  call void @llvm.dbg.label(metadata !10), !dbg !9
  ret void, !dbg !9
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "hand-written", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "f.c", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !5, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{null}
!7 = !DILocalVariable(name: "b", scope: !4, file: !1, line: 2, type: !11)
!8 = !DILocalVariable(name: "p", arg: 2, scope: !4, file: !1, line: 1, type: !12)
!9 = !DILocation(line: 2, column: 3, scope: !4)
!10 = !DILabel(scope: !4, name: "out", file: !1, line: 3)
!11 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!12 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !11, size: 64)
