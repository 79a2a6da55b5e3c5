; expect: 3:20: use of undefined value '%nope'
define i32 @f(i32 %x) {
  %a = add i32 %x, %nope
  ret i32 %a
}
