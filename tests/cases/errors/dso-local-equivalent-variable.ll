; expect: 4:32: expected a function, alias to function, or ifunc in dso_local_equivalent
; dso_local_equivalent of a variable defined after it.
define ptr @f() {
  ret ptr dso_local_equivalent @v
}
@v = global i32 0
