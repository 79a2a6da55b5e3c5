; RUN: -passes=inline -inline-threshold=20
; -inline-threshold=20 replaces LLVM's default threshold of 225: at a call
; with one argument the call itself saves 35, a single-block callee gets
; half the threshold again (30 in all), and the cost must stay under that.
; Each decision here is opt-22's with the same option (its
; print<inline-cost> gives the same costs and thresholds; its output
; differs from ours only in the suffixes of the second copy's names).
; * @eight (8 multiplies, 40 - 35 = 5) is inlined into @caller;
; * @fourteen (70 - 35 = 35) is not, though it would be at the default;
; * @hinted, the same body but inlinehint, gets LLVM's hint threshold of
;   325 (487 with the single-block bonus), above the option's;
; * @cases: a switch on an unknown value with five cases costs as a tree
;   of 3*5/2 - 1 = 6 compares and branches (60, and 5 for the switch), and
;   two of its three returns cost 5 each (they become branches);
; * in a block that ends in unreachable no growth is allowed: the
;   threshold is 0, and only a callee of cost below one is inlined, so
;   @eight stays a call in @dies while @tiny (5 - 35 = -30) is inlined.
; expect-remark: inlined @eight into @caller (cost=5, threshold=30)
; expect-remark: cannot inline @fourteen into @caller: too costly (cost=35, threshold=30)
; expect-remark: inlined @hinted into @caller (cost=35, threshold=487)
; expect-remark: cannot inline @cases into @caller: too costly (cost=40, threshold=20)
; expect-remark: cannot inline @eight into @dies: too costly (cost=5, threshold=0)
; expect-remark: inlined @tiny into @dies (cost=-30, threshold=0)
; expect-count: 1 call i32 @eight(

declare void @abort() noreturn nounwind

define i32 @eight(i32 %x) {
  %m0 = mul i32 %x, %x
  %m1 = mul i32 %m0, %x
  %m2 = mul i32 %m1, %x
  %m3 = mul i32 %m2, %x
  %m4 = mul i32 %m3, %x
  %m5 = mul i32 %m4, %x
  %m6 = mul i32 %m5, %x
  %m7 = mul i32 %m6, %x
  ret i32 %m7
}

define i32 @fourteen(i32 %x) {
  %m0 = mul i32 %x, %x
  %m1 = mul i32 %m0, %x
  %m2 = mul i32 %m1, %x
  %m3 = mul i32 %m2, %x
  %m4 = mul i32 %m3, %x
  %m5 = mul i32 %m4, %x
  %m6 = mul i32 %m5, %x
  %m7 = mul i32 %m6, %x
  %m8 = mul i32 %m7, %x
  %m9 = mul i32 %m8, %x
  %m10 = mul i32 %m9, %x
  %m11 = mul i32 %m10, %x
  %m12 = mul i32 %m11, %x
  %m13 = mul i32 %m12, %x
  ret i32 %m13
}

define i32 @hinted(i32 %x) inlinehint {
  %m0 = mul i32 %x, %x
  %m1 = mul i32 %m0, %x
  %m2 = mul i32 %m1, %x
  %m3 = mul i32 %m2, %x
  %m4 = mul i32 %m3, %x
  %m5 = mul i32 %m4, %x
  %m6 = mul i32 %m5, %x
  %m7 = mul i32 %m6, %x
  %m8 = mul i32 %m7, %x
  %m9 = mul i32 %m8, %x
  %m10 = mul i32 %m9, %x
  %m11 = mul i32 %m10, %x
  %m12 = mul i32 %m11, %x
  %m13 = mul i32 %m12, %x
  ret i32 %m13
}

define i32 @tiny(i32 %x) {
  %t = add i32 %x, 1
  ret i32 %t
}

define i32 @cases(i32 %x) {
entry:
  switch i32 %x, label %other [
    i32 0, label %a
    i32 1, label %b
    i32 2, label %a
    i32 3, label %b
    i32 4, label %a
  ]

a:
  ret i32 1

b:
  ret i32 2

other:
  ret i32 3
}

define i32 @caller(i32 %x) {
  %a = call i32 @eight(i32 %x)
  %b = call i32 @fourteen(i32 %a)
  %c = call i32 @hinted(i32 %b)
  %d = call i32 @cases(i32 %c)
  ret i32 %d
}

define i32 @dies(i32 %x) {
  %a = call i32 @eight(i32 %x)
  %b = call i32 @tiny(i32 %a)
  call void @use(i32 %b)
  call void @abort()
  unreachable
}

declare void @use(i32)
