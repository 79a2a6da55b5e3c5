; RUN: -passes=simplifycfg<hoist-common-insts>
; A musttail call must stay right before its `ret`. In @skipped the arms
; begin with different instructions, so the `ret`s cannot be hoisted:
; hoisting the identical musttail calls past them into %entry would leave
; them before the branch (a broken module; opt-22 makes the same one). In
; @whole the arms are identical, the call and its `ret` move up together.
; expect-count: 2 musttail call i32 @g(i32 %x, i1 %c)
; expect-count: 1 musttail call i32 @g(i32 %y, i1 %d)
; expect-remark: hoisted the terminator of %a, %b into %entry
; expect-no-remark: hoisted %r1

declare i32 @g(i32, i1)

define i32 @skipped(i32 %x, i1 %c) {
entry:
  br i1 %c, label %a, label %b

a:
  %p = add i32 %x, 1
  %r1 = musttail call i32 @g(i32 %x, i1 %c)
  ret i32 %r1

b:
  %q = mul i32 %x, 3
  %r2 = musttail call i32 @g(i32 %x, i1 %c)
  ret i32 %r2
}

define i32 @whole(i32 %y, i1 %d) {
entry:
  br i1 %d, label %a, label %b

a:
  %s1 = musttail call i32 @g(i32 %y, i1 %d)
  ret i32 %s1

b:
  %s2 = musttail call i32 @g(i32 %y, i1 %d)
  ret i32 %s2
}
