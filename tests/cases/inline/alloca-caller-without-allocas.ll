; RUN: -passes=inline
; The callees' static allocas go to the top of the caller's entry block,
; which has none of its own. In @first the call is the first instruction of
; the entry block, so the one-block callee's body lands at the top already
; (the alloca must not be moved relative to itself); in @later a two-block
; callee is inlined after other code. Both callees are internal and their
; only calls are inlined: they are deleted, as LLVM's inliner deletes them.
; expect-remark: inlined @one_block into @first
; expect-remark: inlined @two_blocks into @later
; expect-count: 2 = alloca i32, align 4
; expect-count: 0 @one_block(
; expect-count: 0 @two_blocks(
define internal i32 @one_block(i32 %x) {
entry:
  %slot = alloca i32, align 4
  store i32 %x, ptr %slot, align 4
  %v = load i32, ptr %slot, align 4
  ret i32 %v
}

define internal i32 @two_blocks(i32 %x, i1 %c) {
entry:
  %slot2 = alloca i32, align 4
  store i32 %x, ptr %slot2, align 4
  br i1 %c, label %then, label %done

then:
  store i32 0, ptr %slot2, align 4
  br label %done

done:
  %v = load i32, ptr %slot2, align 4
  ret i32 %v
}

define i32 @first(i32 %y) {
entry:
  %r = call i32 @one_block(i32 %y)
  ret i32 %r
}

define i32 @later(i32 %y, i1 %c) {
entry:
  %y1 = add i32 %y, 1
  %r = call i32 @two_blocks(i32 %y1, i1 %c)
  ret i32 %r
}
