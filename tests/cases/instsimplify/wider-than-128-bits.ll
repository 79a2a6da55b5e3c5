; RUN: -passes=instsimplify
; Constants are folded in 128 bits: an operation on a wider type is left
; alone. Before, `lshr i200 4, 130` folded to 1 (a 128-bit shift by 2: the
; amount wrapped); it is 0.
; expect-output: %s = lshr i200 4, 130
; expect-output: %w = add i200 %s, 1
define i200 @f() {
  %s = lshr i200 4, 130
  %w = add i200 %s, 1
  ret i200 %w
}
