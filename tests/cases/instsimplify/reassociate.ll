; RUN: -passes=instsimplify
; Reassociation through an operand computed by the same operation, each
; step kept only if both of its halves simplify: `(x ^ 1) ^ 1` is x,
; `-5 + (y + 5)` is y, `(x & 12) & 3` is 0, `(x | y) | x` is `x | y`,
; `(x * 3) * 0` is 0 (that one by the identity alone). What is left is
; `x + y` and its sum with `x | y`. `(x + 1) + 2` is not an existing value
; and stays. opt-22 -passes=instsimplify gives the same output.
; expect-remark: instsimplify: simplified 7 instructions, removed 11 dead instructions
; expect-output: %s = add i32 %x, %y
; expect-output: %u = add i32 %s, %h
; expect-output: %q = add i32 %p, 2
; expect-count: 0 xor i32
; expect-count: 0 and i32
define i32 @f(i32 %x, i32 %y) {
  %a = xor i32 %x, 1
  %b = xor i32 %a, 1
  %c = add i32 %y, 5
  %d = add i32 -5, %c
  %e = and i32 %x, 12
  %g = and i32 %e, 3
  %h = or i32 %x, %y
  %k = or i32 %h, %x
  %m = mul i32 %x, 3
  %n = mul i32 %m, 0
  %s = add i32 %b, %d
  %t = add i32 %s, %g
  %u = add i32 %t, %k
  %v = add i32 %u, %n
  %p = add i32 %x, 1
  %q = add i32 %p, 2
  %r = add i32 %v, %q
  ret i32 %r
}
