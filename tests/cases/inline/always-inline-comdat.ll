; RUN: -passes=always-inline
; Dead alwaysinline callees in a comdat go only with the whole comdat:
; @a1 and @a2 are all of $a and both become dead, so both go; $b also
; holds @b_keeper, which stays, so @b1 stays too. Compared with opt-22
; -passes=always-inline: the same.
; expect-count: 0 define linkonce void @a1(
; expect-count: 0 define linkonce void @a2(
; expect-count: 1 define linkonce void @b1(
; expect-count: 0 call void @a1()
; expect-count: 0 call void @b1()

$a = comdat any
$b = comdat any

declare void @use(i32)

define linkonce void @a1() alwaysinline comdat($a) {
  call void @use(i32 1)
  ret void
}

define linkonce void @a2() alwaysinline comdat($a) {
  call void @use(i32 2)
  ret void
}

define linkonce void @b1() alwaysinline comdat($b) {
  call void @use(i32 3)
  ret void
}

define void @b_keeper() comdat($b) {
  ret void
}

define void @user() {
  call void @a1()
  call void @a2()
  call void @b1()
  ret void
}
