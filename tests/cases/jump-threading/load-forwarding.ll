; RUN: -passes=jump-threading
; Loads that a branch tests, replaced by the value memory holds at them
; (LLVM's simplifyPartiallyRedundantLoad, the value found in the block).
; In @stored, the value stored just above is forwarded and the branch folds.
; In @reloaded, the i32 load of what was just loaded as a float becomes a
; bitcast of it (the float store in between writes another object), with
; the load's debug location. In @memset_zero, the byte pattern of a memset
; is forwarded (an alloca of the block itself would not be: the address
; must be available in the predecessors, as in LLVM, even for this scan).
; In @cse_drops_range and @cse_keeps_range, the second load takes the
; first one's value, past a call that writes only inaccessible memory: the
; first's !range no longer holds for all the values the second's users see
; (it would make poison where the second load did not), unless the first
; is !noundef, when a value out of range is undefined behaviour already;
; its !invariant.load stays (it does not move). The folded compares and
; branches fold as in LLVM. opt-22 gives the same output (its attachments
; print in another order).
; expect-remark: replaced %v by the value it loads, available earlier in %entry
; expect-output: %0 = bitcast float %a to i32, !dbg !3
; expect-count: 0 load i32, ptr %q
; expect-count: 0 %second = load
; expect-count: 0 %v = load
; expect-output: %first = load i32, ptr %r, align 4, !invariant.load !6
; expect-output: %first = load i32, ptr %s, align 4, !range !7, !noundef !6
; expect-count: 0 icmp eq i32 7, 7

declare void @use(i32)
declare void @note(i32) memory(inaccessiblemem: readwrite)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

define void @stored(ptr %p, i32 %x) {
entry:
  store i32 7, ptr %p, align 4
  %v = load i32, ptr %p, align 4
  %c = icmp eq i32 %v, 7
  br i1 %c, label %yes, label %no

yes:
  call void @use(i32 1)
  ret void

no:
  call void @use(i32 2)
  ret void
}

define void @reloaded(ptr %q, ptr noalias %out) {
entry:
  %a = load float, ptr %q, align 4
  store float %a, ptr %out, align 4
  %b = load i32, ptr %q, align 4, !dbg !9
  %c = icmp eq i32 %b, 8
  br i1 %c, label %yes, label %no

yes:
  call void @use(i32 %b)
  ret void

no:
  ret void
}

define void @memset_zero(ptr %buf) {
entry:
  call void @llvm.memset.p0.i64(ptr %buf, i8 0, i64 8, i1 false)
  %v = load i32, ptr %buf, align 4
  %c = icmp ne i32 %v, 0
  br i1 %c, label %yes, label %no

yes:
  call void @use(i32 1)
  ret void

no:
  call void @use(i32 2)
  ret void
}

define void @cse_drops_range(ptr %r) {
entry:
  %first = load i32, ptr %r, align 4, !range !1, !invariant.load !2
  call void @note(i32 %first)
  %second = load i32, ptr %r, align 4
  %c = icmp eq i32 %second, 1
  br i1 %c, label %yes, label %no

yes:
  call void @use(i32 1)
  ret void

no:
  ret void
}

define void @cse_keeps_range(ptr %s) {
entry:
  %first = load i32, ptr %s, align 4, !range !1, !noundef !2
  call void @note(i32 %first)
  %second = load i32, ptr %s, align 4
  %c = icmp eq i32 %second, 1
  br i1 %c, label %yes, label %no

yes:
  call void @use(i32 1)
  ret void

no:
  ret void
}

!llvm.dbg.cu = !{!3}
!llvm.module.flags = !{!4}

!1 = !{i32 0, i32 5}
!2 = !{}
!3 = distinct !DICompileUnit(language: DW_LANG_C, file: !5, isOptimized: true, emissionKind: FullDebug)
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !DIFile(filename: "load-forwarding.c", directory: "/")
!6 = distinct !DISubprogram(name: "reloaded", scope: !5, file: !5, line: 1, type: !7, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !3)
!7 = !DISubroutineType(types: !8)
!8 = !{}
!9 = !DILocation(line: 3, column: 1, scope: !6)
