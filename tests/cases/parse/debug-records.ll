; Debug records of every kind ride on the instruction after them and print
; back as opt-22 prints them (a named type used only by a record included).
target triple = "amdgcn-amd-amdhsa"

%pair = type { i32, i32 }

define i32 @sum(i32 %n, ptr addrspace(5) %slot) !dbg !4 {
entry:
    #dbg_declare(ptr addrspace(5) %slot, !9, !DIExpression(DW_OP_constu, 5, DW_OP_swap, DW_OP_xderef), !11)
    #dbg_value(i32 %late, !8, !DIExpression(DW_OP_LLVM_fragment, 0, 16), !11)
  %x = add i32 %n, 1, !dbg !11
    #dbg_value(!DIArgList(i32 %x, i32 %n), !8, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !11)
    #dbg_assign(i32 %x, !8, !DIExpression(), !12, ptr addrspace(5) %slot, !DIExpression(), !11)
  store i32 %x, ptr addrspace(5) %slot, align 4, !dbg !11, !DIAssignID !12
    #dbg_value(i32 %x, !8, !DIExpression(DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_LLVM_convert, 64, DW_ATE_signed, DW_OP_stack_value), !11)
  %late = mul i32 %x, 3, !dbg !11
    #dbg_value(!{}, !8, !DIExpression(), !11)
    #dbg_value(i32 7, !8, !DIExpression(), !11)
    #dbg_value(%pair zeroinitializer, !8, !DIExpression(), !11)
    #dbg_label(!13, !11)
  ret i32 %late, !dbg !11
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}

!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "hand-written", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !2)
!1 = !DIFile(filename: "sum.cl", directory: "/src")
!2 = !{}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "sum", scope: !1, file: !1, line: 3, type: !5, scopeLine: 3, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !2)
!5 = !DISubroutineType(types: !6)
!6 = !{!7, !7}
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILocalVariable(name: "x", scope: !4, file: !1, line: 4, type: !7)
!9 = !DILocalVariable(name: "slot", arg: 2, scope: !4, file: !1, line: 3, type: !10)
!10 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !7, size: 32, dwarfAddressSpace: 5)
!11 = !DILocation(line: 4, column: 7, scope: !4)
!12 = distinct !DIAssignID()
!13 = !DILabel(scope: !4, name: "done", file: !1, line: 9)
