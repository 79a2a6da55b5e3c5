; RUN: -passes=inline
; A callee whose last call is inlined is deleted when nothing else can
; name it, as LLVM's inliner deletes it: @leaf (inlined into @mid) and
; @mid (inlined into @main) are internal, @odr is linkonce_odr, @alone
; linkonce_odr in a comdat of its own. Kept: @unused, dead from the start
; (not the inliner's to delete), @taken, whose address is stored,
; @in_table, named by a global's initializer, @shared, linkonce_odr in a
; comdat with another symbol, and @public, which other modules may call.
; expect-count: 0 @leaf(
; expect-count: 0 @mid(
; expect-count: 0 @odr(
; expect-count: 0 @alone(
; expect-count: 1 define internal i32 @unused(
; expect-count: 1 define internal i32 @taken(
; expect-count: 1 define internal i32 @in_table(
; expect-count: 1 define linkonce_odr i32 @shared(
; expect-count: 1 define i32 @public(

$shared = comdat any
$alone = comdat any

@shared_data = linkonce_odr global i32 0, comdat($shared)

@table = internal global [1 x ptr] [ptr @in_table]

define internal i32 @leaf(i32 %x) {
  %y = add i32 %x, 1
  ret i32 %y
}

define internal i32 @mid(i32 %x) {
  %r = call i32 @leaf(i32 %x)
  ret i32 %r
}

define linkonce_odr i32 @odr(i32 %x) {
  ret i32 %x
}

define internal i32 @unused(i32 %x) {
  ret i32 %x
}

define internal i32 @taken(i32 %x) {
  ret i32 %x
}

define internal i32 @in_table(i32 %x) {
  ret i32 %x
}

define linkonce_odr i32 @shared(i32 %x) comdat {
  ret i32 %x
}

define linkonce_odr i32 @alone(i32 %x) comdat {
  ret i32 %x
}

define i32 @public(i32 %x) {
  ret i32 %x
}

define i32 @main(i32 %x, ptr %slot) {
  %a = call i32 @mid(i32 %x)
  %b = call i32 @odr(i32 %a)
  %c = call i32 @taken(i32 %b)
  store ptr @taken, ptr %slot
  %d = call i32 @in_table(i32 %c)
  %e = call i32 @shared(i32 %d)
  %f = call i32 @public(i32 %e)
  %g = call i32 @alone(i32 %f)
  ret i32 %g
}
