; expect: 3:22: void type only allowed for function results
define ptr @f(ptr %p) {
  %q = getelementptr void, ptr %p, i64 1
  ret ptr %q
}
