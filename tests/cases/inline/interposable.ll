; RUN: -passes=inline
; A weak, linkonce or common definition may be replaced by another one at
; link time: its body says nothing of the code that will run, and it is
; not inlined. The _odr flavours promise an equivalent definition and are
; inlined; an alwaysinline callee is inlined whatever its linkage, as in
; LLVM.
; expect-remark: cannot inline @weak_fn into @caller: interposable (weak linkage
; expect-remark: cannot inline @linkonce_fn into @caller: interposable (linkonce linkage
; expect-remark: inlined @odr_fn into @caller
; expect-remark: inlined @weak_always into @caller
; expect-output: call void @weak_fn()
; expect-output: %b = call i32 @linkonce_fn()
; expect-count: 2 store i32 4

@g = global i32 0

define weak void @weak_fn() {
  store i32 1, ptr @g, align 4
  ret void
}

define linkonce i32 @linkonce_fn() {
  ret i32 2
}

define linkonce_odr i32 @odr_fn() {
  ret i32 3
}

define weak void @weak_always() alwaysinline {
  store i32 4, ptr @g, align 4
  ret void
}

define i32 @caller() {
  call void @weak_fn()
  %b = call i32 @linkonce_fn()
  %c = call i32 @odr_fn()
  call void @weak_always()
  %s = add i32 %b, %c
  ret i32 %s
}
