; RUN: -passes=hoist
; Two stores with their own !DIAssignID merge into one (clang -g output
; after declare-to-assign, from `if (c) { x = 1; ... } else { x = 1; ... }`).
; The merged store keeps the first ID and the #dbg_assign records of both
; arms name it, as LLVM's mergeDIAssignID does; before, the ID was dropped
; and both records named IDs no instruction carried.
; expect-output: store i32 1, ptr %5, align 4, !dbg !28, !DIAssignID !29
; expect-count: 2 #dbg_assign(i32 1, !23, !DIExpression(), !29, ptr %5, !DIExpression(), !19)
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: noinline nounwind uwtable
define dso_local void @f(i32 noundef %0, ptr noundef %1) #0 !dbg !11 {
  %3 = alloca i32, align 4, !DIAssignID !17
    #dbg_assign(i1 poison, !18, !DIExpression(), !17, ptr %3, !DIExpression(), !19)
  %4 = alloca ptr, align 8, !DIAssignID !20
    #dbg_assign(i1 poison, !21, !DIExpression(), !20, ptr %4, !DIExpression(), !19)
  %5 = alloca i32, align 4, !DIAssignID !22
    #dbg_assign(i1 poison, !23, !DIExpression(), !22, ptr %5, !DIExpression(), !19)
  store i32 %0, ptr %3, align 4, !DIAssignID !24
    #dbg_assign(i32 %0, !18, !DIExpression(), !24, ptr %3, !DIExpression(), !19)
  store ptr %1, ptr %4, align 8, !DIAssignID !25
    #dbg_assign(ptr %1, !21, !DIExpression(), !25, ptr %4, !DIExpression(), !19)
  %6 = load i32, ptr %3, align 4, !dbg !26
  %7 = icmp ne i32 %6, 0, !dbg !26
  br i1 %7, label %8, label %10, !dbg !26

8:                                                ; preds = %2
  store i32 1, ptr %5, align 4, !dbg !28, !DIAssignID !30
    #dbg_assign(i32 1, !23, !DIExpression(), !30, ptr %5, !DIExpression(), !19)
  %9 = load ptr, ptr %4, align 8, !dbg !31
  store i32 5, ptr %9, align 4, !dbg !32
  br label %12, !dbg !33

10:                                               ; preds = %2
  store i32 1, ptr %5, align 4, !dbg !34, !DIAssignID !36
    #dbg_assign(i32 1, !23, !DIExpression(), !36, ptr %5, !DIExpression(), !19)
  %11 = load ptr, ptr %4, align 8, !dbg !37
  store i32 5, ptr %11, align 4, !dbg !38
  br label %12

12:                                               ; preds = %10, %8
  call void @use(ptr noundef %5), !dbg !39
  ret void, !dbg !40
}

declare void @use(ptr noundef) #1

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7, !8, !9}
!llvm.ident = !{!10}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 22.1.8 (1~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "da.c", directory: "/src", checksumkind: CSK_MD5, checksum: "4a5a795483f12bc297fa18d2e6511f0d")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{i32 7, !"frame-pointer", i32 2}
!9 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!10 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!11 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 2, type: !12, scopeLine: 2, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !16)
!12 = !DISubroutineType(types: !13)
!13 = !{null, !14, !15}
!14 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!15 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !14, size: 64)
!16 = !{}
!17 = distinct !DIAssignID()
!18 = !DILocalVariable(name: "c", arg: 1, scope: !11, file: !1, line: 2, type: !14)
!19 = !DILocation(line: 0, scope: !11)
!20 = distinct !DIAssignID()
!21 = !DILocalVariable(name: "p", arg: 2, scope: !11, file: !1, line: 2, type: !15)
!22 = distinct !DIAssignID()
!23 = !DILocalVariable(name: "x", scope: !11, file: !1, line: 3, type: !14)
!24 = distinct !DIAssignID()
!25 = distinct !DIAssignID()
!26 = !DILocation(line: 4, column: 7, scope: !27)
!27 = distinct !DILexicalBlock(scope: !11, file: !1, line: 4, column: 7)
!28 = !DILocation(line: 4, column: 14, scope: !29)
!29 = distinct !DILexicalBlock(scope: !27, file: !1, line: 4, column: 10)
!30 = distinct !DIAssignID()
!31 = !DILocation(line: 4, column: 20, scope: !29)
!32 = !DILocation(line: 4, column: 22, scope: !29)
!33 = !DILocation(line: 4, column: 27, scope: !29)
!34 = !DILocation(line: 4, column: 38, scope: !35)
!35 = distinct !DILexicalBlock(scope: !27, file: !1, line: 4, column: 34)
!36 = distinct !DIAssignID()
!37 = !DILocation(line: 4, column: 44, scope: !35)
!38 = !DILocation(line: 4, column: 46, scope: !35)
!39 = !DILocation(line: 5, column: 3, scope: !11)
!40 = !DILocation(line: 6, column: 1, scope: !11)
