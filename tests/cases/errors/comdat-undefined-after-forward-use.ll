; expect: 5:27: use of undefined comdat '$c'
define void @f() comdat {
  ret void
}
@g = global i32 0, comdat($c)
$f = comdat any
