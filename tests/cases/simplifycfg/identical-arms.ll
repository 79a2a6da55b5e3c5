; RUN: -passes=simplifycfg
; Without hoist-common-insts, the arms are hoisted only when identical as
; a whole: here both compute the same sum and fall through to %end, so the
; sum and the branch move into %entry and the phi of %end gets a select on
; the condition. Same output as opt-22 -passes=simplifycfg.
; expect-remark: hoisted %s1 from %then, %else into %entry
; expect-output: %x.y = select i1 %c, i32 %x, i32 %y
; expect-count: 1 add i32

define i32 @identical(i1 %c, i32 %a, i32 %b, i32 %x, i32 %y) {
entry:
  br i1 %c, label %then, label %else

then:
  %s1 = add i32 %a, %b
  br label %end

else:
  %s2 = add i32 %b, %a
  br label %end

end:
  %p = phi i32 [ %x, %then ], [ %y, %else ]
  %q = phi i32 [ %s1, %then ], [ %s2, %else ]
  %r = mul i32 %p, %q
  ret i32 %r
}
