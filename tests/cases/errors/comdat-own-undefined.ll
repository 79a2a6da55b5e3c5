; expect: 2:18: use of undefined comdat '$f'
define void @f() comdat {
  ret void
}
