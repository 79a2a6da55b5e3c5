; RUN: -passes=inline
; The cost of a call counts only what the call would run: the callee's
; blocks still reached once the call's constant arguments are folded and
; its null tests of arguments known not to be null (a `nonnull` argument
; that is null is poison) are decided, as LLVM's cost analysis counts. Each
; callee's costly arm (ten calls, 300) is left out where the call decides
; against it: @check at a call whose argument is `nonnull`, @pick at a call
; with the constant that skips it; the inlined copy folds the same tests
; (LLVM's copy keeps @check's: its simplifier knows only the caller's own
; `nonnull` parameters; deciding it is a refinement, the null argument
; being poison in the callee). Where nothing is known, both stay calls,
; too costly.
; expect-remark: inlined @check into @known
; expect-remark: inlined @pick into @known
; expect-remark: cannot inline @check into @unknown: too costly
; expect-remark: cannot inline @pick into @unknown: too costly
; expect-count: 20 call void @heavy()
; expect-count: 4 call void @light()

declare void @heavy()
declare void @light()

define void @check(ptr %p) {
entry:
  %null = icmp eq ptr %p, null
  br i1 %null, label %costly, label %cheap

costly:
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  ret void

cheap:
  call void @light()
  ret void
}

define void @pick(i32 %mode) {
entry:
  %slow = icmp sgt i32 %mode, 7
  br i1 %slow, label %costly, label %cheap

costly:
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  call void @heavy()
  ret void

cheap:
  call void @light()
  ret void
}

define void @known(ptr %q) {
  call void @check(ptr nonnull %q)
  call void @pick(i32 3)
  ret void
}

define void @unknown(ptr %q, i32 %m) {
  call void @check(ptr %q)
  call void @pick(i32 %m)
  ret void
}
