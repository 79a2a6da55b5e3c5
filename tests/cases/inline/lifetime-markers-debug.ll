; RUN: -passes=inline
; Lifetime markers in a function with debug locations: as LLVM's builder
; does, the start takes the location of the first instruction of the
; inlined body that stays in place (the alloca moves to the entry), and the
; end that of the return it precedes, both inlined at the call (opt-22
; gives the same @f, metadata numbers included).
; expect-output: call void @llvm.lifetime.start.p0(ptr %slot.i), !dbg !6
; expect-output: call void @llvm.lifetime.end.p0(ptr %slot.i), !dbg !10
define internal i32 @add1(i32 %x) !dbg !5 {
  %slot = alloca i32
  store i32 %x, ptr %slot, !dbg !6
  %v = load i32, ptr %slot, !dbg !7
  %y = add i32 %v, 1, !dbg !7
  ret i32 %y, !dbg !8
}

define i32 @f(i32 %a) !dbg !9 {
  %r = call i32 @add1(i32 %a), !dbg !10
  ret i32 %r, !dbg !10
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !DISubroutineType(types: !4)
!4 = !{null}
!5 = distinct !DISubprogram(name: "add1", scope: !1, file: !1, line: 1, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DILocation(line: 2, column: 3, scope: !5)
!7 = !DILocation(line: 3, column: 3, scope: !5)
!8 = !DILocation(line: 4, column: 3, scope: !5)
!9 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 5, type: !3, spFlags: DISPFlagDefinition, unit: !0)
!10 = !DILocation(line: 6, column: 7, scope: !9)
