; RUN: -passes=inline
; A module that still declares the lifetime markers in their form before
; LLVM 22, with the size first: the inlined allocas' markers take that form
; too (the size in bytes; -1 were it not known), since a second,
; newer declaration of the same name cannot be added. opt-22 upgrades
; both forms alike on reading, to the markers it adds itself.
; expect-output: call void @llvm.lifetime.start.p0(i64 16, ptr %buf.i)
; expect-output: call void @llvm.lifetime.end.p0(i64 16, ptr %buf.i)
; expect-count: 1 call void @llvm.lifetime.start.p0(i64 4, ptr %own.i)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr captures(none))
declare void @llvm.lifetime.end.p0(i64 immarg, ptr captures(none))
declare void @use(i32)

define internal void @callee(i32 %x) {
  %buf = alloca [4 x i32]
  %own = alloca i32
  call void @llvm.lifetime.start.p0(i64 4, ptr %own)
  store i32 %x, ptr %own
  call void @llvm.lifetime.end.p0(i64 4, ptr %own)
  store i32 %x, ptr %buf
  %y = load i32, ptr %buf
  call void @use(i32 %y)
  ret void
}

define void @caller(i32 %x) {
  call void @callee(i32 %x)
  ret void
}
