; expect: 2:8: invalid linkage for function definition
define extern_weak void @f() {
  ret void
}
