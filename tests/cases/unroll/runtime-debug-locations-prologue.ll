; RUN: -passes=loop-unroll -unroll-runtime -unroll-count=2 -unroll-runtime-epilog=false
; Runtime unrolling with a prologue gives the instructions it makes the
; debug locations LLVM 22 gives them: everything before the unrolled loop
; (trip count, %xtraiter, the test whether a remainder runs, the branches
; into and around it and the test whether the loop runs at all) is at the
; preheader's branch (line 120), and so is the remainder's last branch,
; the one LLVM's block after it had; the block the unrolled loop leaves
; through is at the exit's first instruction (line 125). The exit's LCSSA
; phi has its value's location (line 101).
; expect-remark: unrolled loop by a factor of 2 with run-time trip count
; expect-output: !8 = !DILocation(line: 120, column: 1, scope: !4)
; expect-output: %0 = add i32 %n, -1, !dbg !8
; expect-output: %xtraiter = and i32 %n, 1, !dbg !8
; expect-output: %lcmp.mod = icmp ne i32 %xtraiter, 0, !dbg !8
; expect-output: br i1 %lcmp.mod, label %h.prol.preheader, label %h.prol.loopexit, !dbg !8
; expect-output: br label %h.prol, !dbg !8
; expect-output: br label %h.prol.loopexit, !dbg !8
; expect-output: %1 = icmp ult i32 %0, 1, !dbg !8
; expect-output: br i1 %1, label %exit, label %ph.new, !dbg !8
; expect-output: !17 = !DILocation(line: 125, column: 1, scope: !4)
; expect-output: br label %exit, !dbg !17
; expect-output: !9 = !DILocation(line: 101, column: 1, scope: !4)
; expect-output: %add.lcssa = phi i32 [ %add.lcssa.unr, %h.prol.loopexit ], [ %add.lcssa.ph, %exit.unr-lcssa ], !dbg !9
define i32 @f(ptr %a, i32 %n) !dbg !6 {
entry:
  %c = icmp eq i32 %n, 0, !dbg !7
  br i1 %c, label %end, label %ph, !dbg !7
ph:
  br label %h, !dbg !20
h:
  %i = phi i32 [ %i.next, %latch ], [ 0, %ph ]
  %s = phi i32 [ %add, %latch ], [ 0, %ph ]
  %p = getelementptr inbounds i32, ptr %a, i32 %i, !dbg !8
  %v = load i32, ptr %p, align 4, !dbg !8
  %add = add nsw i32 %v, %s, !dbg !8
  %q = icmp sgt i32 %v, 5, !dbg !21
  br i1 %q, label %b1, label %latch, !dbg !21
b1:
  store i32 0, ptr %p, !dbg !22
  br label %latch, !dbg !22
latch:
  %i.next = add i32 %i, 1, !dbg !9
  %ec = icmp eq i32 %i.next, %n, !dbg !23
  br i1 %ec, label %exit, label %h, !dbg !24
exit:
  %r0 = add i32 %add, 1, !dbg !25
  br label %end, !dbg !26
end:
  %r = phi i32 [ 0, %entry ], [ %r0, %exit ]
  ret i32 %r, !dbg !10
}

!llvm.module.flags = !{!0, !1}
!llvm.dbg.cu = !{!11}
!0 = !{i32 2, !"Dwarf Version", i32 4}
!1 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{}
!4 = !DISubroutineType(types: !3)
!5 = !DIFile(filename: "test.cpp", directory: "/tmp")
!6 = distinct !DISubprogram(name: "f", scope: !5, file: !5, line: 99, type: !4, scopeLine: 100, spFlags: DISPFlagDefinition, unit: !11)
!7 = !DILocation(line: 100, column: 1, scope: !6)
!8 = !DILocation(line: 101, column: 1, scope: !6)
!9 = !DILocation(line: 102, column: 1, scope: !6)
!10 = !DILocation(line: 103, column: 1, scope: !6)
!20 = !DILocation(line: 120, column: 1, scope: !6)
!21 = !DILocation(line: 121, column: 1, scope: !6)
!22 = !DILocation(line: 122, column: 1, scope: !6)
!23 = !DILocation(line: 123, column: 1, scope: !6)
!24 = !DILocation(line: 124, column: 1, scope: !6)
!25 = !DILocation(line: 125, column: 1, scope: !6)
!26 = !DILocation(line: 126, column: 1, scope: !6)
!11 = distinct !DICompileUnit(language: DW_LANG_C99, producer: "clang", file: !5, isOptimized: true, emissionKind: LineTablesOnly)
