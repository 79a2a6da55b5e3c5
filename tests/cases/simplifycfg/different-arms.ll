; RUN: -passes=simplifycfg
; Without hoist-common-insts, arms that only begin alike are left alone
; (the common load would be hoisted with simplifycfg<hoist-common-insts>).
; Same output as opt-22 -passes=simplifycfg.
; expect-count: 2 load i32
; expect-no-remark: hoisted

declare void @g(i32)
declare void @h(i32)

define void @different(i1 %c, ptr %p) {
entry:
  br i1 %c, label %then, label %else

then:
  %v1 = load i32, ptr %p, align 4
  call void @g(i32 %v1)
  br label %end

else:
  %v2 = load i32, ptr %p, align 4
  call void @h(i32 %v2)
  br label %end

end:
  ret void
}
