; RUN: -passes=instsimplify
; Folds whose result LLVM makes `poison` are not made: an `add nsw` that
; wraps and a division by zero stay. Here opt-22 -passes=instsimplify
; disagrees on purpose: it replaces both with poison.
; expect-unchanged
; expect-remark: instsimplify: simplified 0 instructions, removed 0 dead instructions
define i32 @f(i32 %x) {
entry:
  %w = add nsw i32 2147483647, 1
  %d = udiv i32 %x, 0
  %r = add i32 %w, %d
  ret i32 %r
}
