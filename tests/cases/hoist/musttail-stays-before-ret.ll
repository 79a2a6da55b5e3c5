; RUN: -passes=hoist
; A musttail call must stay right before its `ret`, which hoist never
; moves: the identical calls of a function that reads no memory are not
; hoisted into %entry (that would leave them before the branch, a broken
; module), while the identical adds before them are.
; expect-count: 2 musttail call i32 @g(i32 %x, i1 %c)
; expect-count: 1 add i32 %x, 1
; expect-no-remark: hoisted %r1

declare i32 @g(i32, i1) memory(none) nounwind willreturn

define i32 @f(i32 %x, i1 %c) {
entry:
  br i1 %c, label %a, label %b

a:
  %p = add i32 %x, 1
  %r1 = musttail call i32 @g(i32 %x, i1 %c)
  ret i32 %r1

b:
  %q = add i32 %x, 1
  %r2 = musttail call i32 @g(i32 %x, i1 %c)
  ret i32 %r2
}
