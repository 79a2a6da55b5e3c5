; RUN: -passes=inline
; Callees whose body cannot work in another function are not inlined, as
; in LLVM: one that calls a returns_twice function (setjmp), unless it is
; returns_twice itself (then the call site already was such a call; else
; the caller's code generation would not know a call may return twice).
; (Callees calling va_start or llvm.localescape: see the inliner's unit
; tests; the executor does not run them.) A callee's musttail call is
; inlined as a plain call: its tail marker promised something of the
; callee's frame.
; expect-remark: cannot inline @sj into @call_sj: exposes returns-twice attribute
; expect-remark: inlined @sj_twice into @call_sj_twice
; expect-remark: inlined @mt into @call_mt
; expect-output: %r.i = call i32 @ext(i32 %x)
; expect-output: %s = add i32 %r.i, 1

declare i32 @setjmp(ptr) returns_twice
declare i32 @ext(i32)

define i32 @sj(ptr %b) {
  %r = call i32 @setjmp(ptr %b)
  ret i32 %r
}

define i32 @sj_twice(ptr %b) returns_twice {
  %r = call i32 @setjmp(ptr %b)
  ret i32 %r
}

define i32 @call_sj(ptr %b) {
  %r = call i32 @sj(ptr %b)
  ret i32 %r
}

define i32 @call_sj_twice(ptr %b) {
  %r = call i32 @sj_twice(ptr %b)
  ret i32 %r
}

define internal i32 @mt(i32 %x) {
  %r = musttail call i32 @ext(i32 %x)
  ret i32 %r
}

define i32 @call_mt(i32 %x) {
  %r = call i32 @mt(i32 %x)
  %s = add i32 %r, 1
  ret i32 %s
}
