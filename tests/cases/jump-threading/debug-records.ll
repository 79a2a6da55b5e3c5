; RUN: -passes=jump-threading
; Threading the edge from %yes through %join copies %join's code into a
; new block, and its debug records with it: both paths keep saying what
; %x and %k are.
; expect-count: 2 #dbg_value(i32 %k
; expect-count: 0 poison

declare void @f()
declare void @g()
declare void @use(i32)

define void @thread(i1 %c, i32 %x) !dbg !10 {
entry:
  br i1 %c, label %yes, label %no, !dbg !12

yes:
  call void @f(), !dbg !12
  br label %join, !dbg !12

no:
  br label %join, !dbg !12

join:
  %p = phi i1 [ true, %yes ], [ %c, %no ]
  %k = add i32 %x, 1, !dbg !12
    #dbg_value(i32 %k, !13, !DIExpression(), !12)
  call void @use(i32 %k), !dbg !12
  br i1 %p, label %then, label %done, !dbg !12

then:
  call void @g(), !dbg !12
  br label %done, !dbg !12

done:
  ret void, !dbg !12
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "hand-written", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "k.c", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!5 = !DISubroutineType(types: !{null})
!10 = distinct !DISubprogram(name: "thread", scope: !1, file: !1, line: 1, type: !5, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!12 = !DILocation(line: 2, column: 3, scope: !10)
!13 = !DILocalVariable(name: "k", scope: !10, file: !1, line: 2, type: !4)
