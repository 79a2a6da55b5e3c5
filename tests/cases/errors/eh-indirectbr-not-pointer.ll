; expect: 4:14: indirectbr address must have pointer type
define void @f(i64 %a) {
entry:
  indirectbr i64 %a, [label %entry]
}
