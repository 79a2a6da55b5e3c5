; RUN: -passes=inline
; Plain inlining: a small callee with two returns is inlined under the cost
; threshold (its results meet in a phi); a `noinline` callee and a callee
; that is too big stay calls. Our estimates of the costs are LLVM's (opt-22
; reports cost=-35 for @pick, whose second return becomes a branch, and
; cost=355 against threshold=337 for @big, which it does not inline).
; expect-remark: inlined @pick into @caller (cost=-35, threshold=225)
; expect-output: %r = phi i32 [ %x, %then.i ], [ 7, %else.i ]
; expect-no-remark: inlined @never
; expect-no-remark: inlined @big
; expect-remark: cannot inline @big into @caller: too costly (cost=355, threshold=337)
define i32 @pick(i1 %c, i32 %a, i32 %b) {
entry:
  br i1 %c, label %then, label %else

then:
  ret i32 %a

else:
  ret i32 %b
}

define i32 @never(i32 %x) noinline {
  ret i32 %x
}

define i32 @big(i32 %x) {
entry:
  %a1 = mul i32 %x, %x
  %a2 = mul i32 %a1, %x
  %a3 = mul i32 %a2, %x
  %a4 = mul i32 %a3, %x
  %a5 = mul i32 %a4, %x
  %a6 = mul i32 %a5, %x
  %a7 = mul i32 %a6, %x
  %a8 = mul i32 %a7, %x
  %a9 = mul i32 %a8, %x
  %b1 = add i32 %a9, %x
  %b2 = add i32 %b1, %a1
  %b3 = add i32 %b2, %a2
  %b4 = add i32 %b3, %a3
  %b5 = add i32 %b4, %a4
  %b6 = add i32 %b5, %a5
  %b7 = add i32 %b6, %a6
  %b8 = add i32 %b7, %a7
  %b9 = add i32 %b8, %a8
  %c1 = xor i32 %b9, %a9
  %c2 = xor i32 %c1, %b1
  %c3 = xor i32 %c2, %b2
  %c4 = xor i32 %c3, %b3
  %c5 = xor i32 %c4, %b4
  %c6 = xor i32 %c5, %b5
  %c7 = xor i32 %c6, %b6
  %c8 = xor i32 %c7, %b7
  %c9 = xor i32 %c8, %b8
  %d1 = sub i32 %c9, %c1
  %d2 = sub i32 %d1, %c2
  %d3 = sub i32 %d2, %c3
  %d4 = sub i32 %d3, %c4
  %d5 = sub i32 %d4, %c5
  %d6 = sub i32 %d5, %c6
  %d7 = sub i32 %d6, %c7
  %d8 = sub i32 %d7, %c8
  %d9 = sub i32 %d8, %c9
  br label %more

more:
  %e1 = or i32 %d9, %d1
  %e2 = or i32 %e1, %d2
  %e3 = or i32 %e2, %d3
  %e4 = or i32 %e3, %d4
  %e5 = or i32 %e4, %d5
  %e6 = or i32 %e5, %d6
  %e7 = or i32 %e6, %d7
  %e8 = or i32 %e7, %d8
  %f1 = mul i32 %e1, %e1
  %g1 = udiv i32 %f1, %x
  %f2 = mul i32 %e2, %e2
  %g2 = udiv i32 %f2, %x
  %f3 = mul i32 %e3, %e3
  %g3 = udiv i32 %f3, %x
  %f4 = mul i32 %e4, %e4
  %g4 = udiv i32 %f4, %x
  %f5 = mul i32 %e5, %e5
  %g5 = udiv i32 %f5, %x
  %f6 = mul i32 %e6, %e6
  %g6 = udiv i32 %f6, %x
  %f7 = mul i32 %e7, %e7
  %g7 = udiv i32 %f7, %x
  %f8 = mul i32 %e8, %e8
  %g8 = udiv i32 %f8, %x
  %h0 = add i32 %g1, %g8
  %k1 = mul i32 %g1, %f1
  %l1 = add i32 %k1, %e1
  %k2 = mul i32 %g2, %f2
  %l2 = add i32 %k2, %e2
  %k3 = mul i32 %g3, %f3
  %l3 = add i32 %k3, %e3
  %k4 = mul i32 %g4, %f4
  %l4 = add i32 %k4, %e4
  %k5 = mul i32 %g5, %f5
  %l5 = add i32 %k5, %e5
  %k6 = mul i32 %g6, %f6
  %l6 = add i32 %k6, %e6
  %k7 = mul i32 %g7, %f7
  %l7 = add i32 %k7, %e7
  %k8 = mul i32 %g8, %f8
  %l8 = add i32 %k8, %e8
  %h = add i32 %h0, %l8
  ret i32 %h
}

define i32 @caller(i1 %c, i32 %x) {
entry:
  %r = call i32 @pick(i1 %c, i32 %x, i32 7)
  %s = call i32 @never(i32 %r)
  %t = call i32 @big(i32 %s)
  ret i32 %t
}
