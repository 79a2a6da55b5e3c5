; RUN: -passes=simplifycfg<hoist-common-insts> -simplifycfg-hoist-common-skip-limit=0
; With a skip limit of 0 nothing behind the first pair of different
; instructions is hoisted: the adds stay in their arms. Same output as
; opt-22 with the same options.
; expect-count: 2 add i32
; expect-no-remark: hoisted

declare void @g() nounwind willreturn memory(read)
declare void @h() nounwind willreturn memory(read)
declare void @use(i32)

define void @limited(i1 %c, i32 %a) {
entry:
  br i1 %c, label %then, label %else

then:
  call void @g()
  %x1 = add i32 %a, 1
  call void @use(i32 %x1)
  br label %end

else:
  call void @h()
  %x2 = add i32 %a, 1
  call void @use(i32 %x2)
  br label %end

end:
  ret void
}
