; Arithmetic with flags, compares, select, phis, branches, a multi-line switch.
define i32 @basic(i32 %a, i32 %b, i1 %c) {
entry:
  %sum = add nuw nsw i32 %a, %b
  %d = sdiv exact i32 %sum, 4
  %o = or disjoint i32 %d, 1
  %sh = shl nsw i32 %o, 2
  %lt = icmp slt i32 %a, %b
  %ss = icmp samesign ult i32 %a, %b
  %m = select i1 %lt, i32 %a, i32 %b
  %f = freeze i32 %m
  br i1 %c, label %left, label %right

left:                                             ; preds = %entry
  br label %join

right:
  switch i32 %a, label %zero [
    i32 0, label %join
    i32 -1, label %join
  ]

zero:
  br label %join

join:
  %p = phi i32 [ %sum, %left ], [ %f, %right ], [ %f, %right ], [ %sh, %zero ]
  %q = phi i1 [ true, %left ], [ false, %right ], [ false, %right ], [ %ss, %zero ]
  ret i32 %p
}

; Unnamed values and blocks are numbered; gaps in explicit numbers are allowed.
define void @numbered(i32) {
  %2 = add i32 %0, 1
  br label %5

5:
  %6 = mul i32 %2, %2
  br label %exit

exit:
  ret void
}
