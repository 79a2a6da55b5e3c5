; RUN: -passes=inline
; A byval parameter is the callee's own copy of the pointed-to memory:
; inlined, the body must work on a copy too, or its stores change the
; caller's object. The copy is an alloca of the byval type in the caller's
; entry (aligned as the parameter asks, at least the type's preferred
; alignment) filled by llvm.memcpy of the type's store size where the call
; was. A callee that only reads memory gets the caller's pointer itself
; when the pointer is aligned enough. (A byval of a scalable type, which
; has no size to copy, is refused: see the unit tests of the inliner.)
; expect-remark: inlined @writes into @caller
; expect-remark: inlined @reads into @caller
; expect-output: %q1 = alloca %S, align 16
; expect-output: call void @llvm.memcpy.p0.p0.i64(ptr align 16 %q1, ptr align 16 %q, i64 12, i1 false)
; expect-output: store i32 5, ptr %q1, align 4
; expect-output: %r.i = load i32, ptr %q, align 4
; expect-count: 1 call void @llvm.memcpy

%S = type { i32, i32, i32 }

define internal void @writes(ptr byval(%S) align 16 %p) {
  store i32 5, ptr %p, align 4
  ret void
}

define internal i32 @reads(ptr byval(%S) %p) memory(read) {
  %r = load i32, ptr %p, align 4
  ret i32 %r
}

define i32 @caller(ptr %q) {
  call void @writes(ptr byval(%S) align 16 %q)
  %v = load i32, ptr %q, align 4
  %w = call i32 @reads(ptr byval(%S) %q)
  %s = add i32 %v, %w
  ret i32 %s
}
