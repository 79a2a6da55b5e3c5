; RUN: -passes=inline
; On x86 a callee may be inlined when the features it enables are among
; the caller's (as x86's rule in LLVM says): AVX-512 code does not go into
; a function compiled for SSE2 only, SSE2 code goes into one that has AVX
; as well.
; expect-remark: cannot inline @avx512 into @sse2_caller: conflicting attributes (the callee's "target-features" enable avx512f, the caller's do not)
; expect-remark: inlined @sse2 into @avx_caller
; expect-count: 1 call void @avx512()
; expect-count: 0 call void @sse2()
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @use(ptr)

define internal void @avx512() "target-cpu"="x86-64" "target-features"="+avx512f" {
  call void @use(ptr null)
  ret void
}

define void @sse2_caller() "target-cpu"="x86-64" "target-features"="+sse2" {
  call void @avx512()
  ret void
}

define internal void @sse2() "target-cpu"="x86-64" "target-features"="+sse2" {
  call void @use(ptr null)
  ret void
}

define void @avx_caller() "target-cpu"="x86-64" "target-features"="+avx,+sse2" {
  call void @sse2()
  ret void
}
