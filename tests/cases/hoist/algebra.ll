; RUN: -passes=hoist
; Value equivalence with egg: (a + b) * 2 in one arm and (b + a) << 1 in
; the other are the same value; both hoist as one computation, and the
; flags only one of them had are dropped. The division differs (udiv vs
; sdiv) and stays.
; expect-remark: hoisted %s1 from %then into %entry, merged with %s2 from %else
; expect-remark: hoisted %m1 from %then into %entry, merged with %m2 from %else
; expect-output: %m1 = mul i32 %s1, 2
target triple = "amdgcn-amd-amdhsa"

declare void @use(i32)

define void @algebra(i1 %c, i32 %a, i32 %b) {
entry:
  br i1 %c, label %then, label %else

then:
  %s1 = add nsw i32 %a, %b
  %m1 = mul nsw i32 %s1, 2
  %d1 = udiv i32 %m1, 3
  call void @use(i32 %d1)
  br label %end

else:
  %s2 = add i32 %b, %a
  %m2 = shl i32 %s2, 1
  %d2 = sdiv i32 %m2, 3
  call void @use(i32 %d2)
  br label %end

end:
  ret void
}
