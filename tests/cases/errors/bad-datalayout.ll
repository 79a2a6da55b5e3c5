; expect: 3:21: ABI alignment must be a power of two times the byte width
; A malformed data layout is rejected with LLVM's message, at the string.
target datalayout = "e-i64:65"

define void @f() {
  ret void
}
