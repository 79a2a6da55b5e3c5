; RUN: -passes=inline
; inline (by cost) takes a callee whose alloca is sized by a parameter when
; the call passes a constant (the size is then known, and the copy is a
; static alloca of the caller's entry), and brackets the inlined code with
; llvm.stacksave and llvm.stackrestore all the same, as LLVM's cloner
; judges the callee's alloca dynamic. A callee whose alloca size stays
; unknown is refused. Compared with opt-22 -passes=inline: the same.
; expect-remark: inlined @arr into @known
; expect-remark: cannot inline @arr2 into @unknown: the callee has an alloca of a size not known at this call
; expect-output: %savedstack = call ptr @llvm.stacksave.p0()
; expect-output: call void @llvm.stackrestore.p0(ptr %savedstack)
; expect-output: %buf.i = alloca i32, i32 4, align 4

declare void @sink(ptr)

define internal void @arr(i32 %n) {
  %buf = alloca i32, i32 %n, align 4
  call void @sink(ptr %buf)
  ret void
}

define internal void @arr2(i32 %n) {
  %buf = alloca i32, i32 %n, align 4
  call void @sink(ptr %buf)
  ret void
}

define void @known() {
  call void @arr(i32 4)
  ret void
}

define void @unknown(i32 %n) {
  call void @arr2(i32 %n)
  ret void
}
