; expect: 3:15: void type only allowed for function results
define void @f() {
  %a = alloca void
  ret void
}
