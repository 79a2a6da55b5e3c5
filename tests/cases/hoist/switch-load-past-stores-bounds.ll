; RUN: -passes=hoist
; Loads in every arm of a switch go up past stores left in an arm only
; where those stores cannot write what they read. In @global_vs_param the
; load of the plain argument %p follows a store to @G in one arm: %p may be
; @G, so it stays in all three arms; the load of the noalias argument %q
; passes that store and the one to the local %x, and goes up. In @lookback
; the load of %r follows 17 stores to allocas in one arm, one more than a
; load looks past, so it stays (with 16 it goes up). Successors entered
; twice from the switch (@duplicate) hoist nothing.
; expect-remark: hoisted %y1 from %d into %entry, merged with %y2 from %one and %y3 from %two
; expect-no-remark: hoisted %l1
; expect-no-remark: hoisted %m1
; expect-no-remark: hoisted %n1
; expect-count: 3 = load i32, ptr %p, align 4
; expect-count: 2 = load i32, ptr %r, align 4
; expect-count: 2 = load i32, ptr %s, align 4
@G = global i32 0

define i32 @global_vs_param(i32 %k, ptr %p, ptr noalias %q) {
entry:
  %x = alloca i32, align 4
  switch i32 %k, label %d [
    i32 1, label %one
    i32 2, label %two
  ]

d:
  store i32 1, ptr @G, align 4
  %l1 = load i32, ptr %p, align 4
  store i32 2, ptr %x, align 4
  %y1 = load i32, ptr %q, align 4
  %s1 = add i32 %l1, %y1
  ret i32 %s1

one:
  %l2 = load i32, ptr %p, align 4
  %y2 = load i32, ptr %q, align 4
  %s2 = add i32 %l2, %y2
  ret i32 %s2

two:
  %y3 = load i32, ptr %q, align 4
  %l3 = load i32, ptr %p, align 4
  %s3 = add i32 %l3, %y3
  ret i32 %s3
}

define i32 @lookback(i1 %c, ptr %r) {
entry:
  %a = alloca [17 x i32], align 4
  %a1 = getelementptr i32, ptr %a, i64 1
  %a2 = getelementptr i32, ptr %a, i64 2
  %b = alloca i32, align 4
  %c1 = alloca i32, align 4
  %c2 = alloca i32, align 4
  %c3 = alloca i32, align 4
  %c4 = alloca i32, align 4
  %c5 = alloca i32, align 4
  %c6 = alloca i32, align 4
  %c7 = alloca i32, align 4
  %c8 = alloca i32, align 4
  %c9 = alloca i32, align 4
  %c10 = alloca i32, align 4
  %c11 = alloca i32, align 4
  %c12 = alloca i32, align 4
  %c13 = alloca i32, align 4
  %c14 = alloca i32, align 4
  br i1 %c, label %then, label %else

then:
  store i32 0, ptr %a, align 4
  store i32 1, ptr %a1, align 4
  store i32 2, ptr %a2, align 4
  store i32 3, ptr %b, align 4
  store i32 4, ptr %c1, align 4
  store i32 5, ptr %c2, align 4
  store i32 6, ptr %c3, align 4
  store i32 7, ptr %c4, align 4
  store i32 8, ptr %c5, align 4
  store i32 9, ptr %c6, align 4
  store i32 10, ptr %c7, align 4
  store i32 11, ptr %c8, align 4
  store i32 12, ptr %c9, align 4
  store i32 13, ptr %c10, align 4
  store i32 14, ptr %c11, align 4
  store i32 15, ptr %c12, align 4
  store i32 16, ptr %c13, align 4
  %m1 = load i32, ptr %r, align 4
  ret i32 %m1

else:
  %m2 = load i32, ptr %r, align 4
  ret i32 %m2
}

define i32 @duplicate(i32 %k, ptr %s) {
entry:
  switch i32 %k, label %d [
    i32 1, label %one
    i32 2, label %one
  ]

d:
  %n1 = load i32, ptr %s, align 4
  ret i32 %n1

one:
  %n2 = load i32, ptr %s, align 4
  ret i32 %n2
}
