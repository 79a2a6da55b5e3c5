; expect: 3:16: '%x' defined with type 'i32' but expected 'i64'
define i64 @f(i32 %x) {
  %a = add i64 %x, 1
  ret i64 %a
}
