; dso_local_equivalent and no_cfi: in an initializer, as callees, in a constant
; expression, and naming a function defined later.
declare void @ext()
@v = global i32 0
@a = alias void (), ptr @later
@t = global [2 x ptr] [ptr dso_local_equivalent @ext, ptr no_cfi @ext]
define ptr @f() {
  call void dso_local_equivalent @ext()
  call void no_cfi @ext()
  %p = getelementptr i8, ptr dso_local_equivalent @a, i64 1
  ret ptr no_cfi @later
}
define void @later() {
  ret void
}
