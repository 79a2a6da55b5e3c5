; RUN: -passes=loop-simplify
; Every exit of the loop leads to %done, and %check, entered only from
; %loop, ends in a branch on a compare made in it: its leading
; instructions move to the end of the preheader while they can run there
; (the `udiv` by a constant, the `and` keeping its debug location but not
; its `!note`, the address) and stop at the load, which cannot; what
; follows the load stays. In %loop (two predecessors) nothing moves; the
; convergent call would not anyway (no call moves). opt-22
; -passes=loop-simplify gives the same output.
; expect-output: %q = udiv i32 %n, 3
; expect-output: %r = and i32 %q, 255, !dbg !6
; expect-count: 0 !note
define i32 @hoist(ptr %p, i32 %n) !dbg !3 {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %check ]
  %i.next = add i32 %i, 1
  %v = call i32 @sync(i32 %i)
  %early = icmp eq i32 %v, 0
  br i1 %early, label %done, label %check

check:
  %q = udiv i32 %n, 3
  %r = and i32 %q, 255, !note !6, !dbg !7
  %addr = getelementptr i32, ptr %p, i32 %r
  %x = load i32, ptr %addr
  %y = add i32 %n, 7
  %more = icmp slt i32 %i.next, %x
  br i1 %more, label %loop, label %done

done:
  %res = phi i32 [ %i, %loop ], [ %y, %check ]
  ret i32 %res
}

declare i32 @sync(i32) convergent

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "h.c", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = distinct !DISubprogram(name: "hoist", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !5)
!5 = !{}
!6 = !{!"kept only where it was"}
!7 = !DILocation(line: 2, column: 3, scope: !3)
