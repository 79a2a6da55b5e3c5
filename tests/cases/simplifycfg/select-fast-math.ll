; RUN: -passes=simplifycfg
; Both arms end in the same branch, which is hoisted; the phis of %end get
; selects on the condition. %p and %q choose between the same values but
; only %p promises no NaN: a select shared by both would carry nnan into
; %q, which is then poison where it chose a NaN. Each keeps its own flags.
; (opt-22 shares the select and gives %q the nnan of %p.)
; expect-output: %a.b = select nnan i1 %c, float %a, float %b
; expect-output: %a.b1 = select i1 %c, float %a, float %b
; expect-output: call void @use(float %a.b, float %a.b1)

declare void @use(float, float)

define void @flags(i1 %c, float %a, float %b) {
entry:
  br i1 %c, label %then, label %else

then:
  call void @use(float 0.0, float 0.0)
  br label %end

else:
  call void @use(float 0.0, float 0.0)
  br label %end

end:
  %p = phi nnan float [ %a, %then ], [ %b, %else ]
  %q = phi float [ %a, %then ], [ %b, %else ]
  call void @use(float %p, float %q)
  ret void
}
