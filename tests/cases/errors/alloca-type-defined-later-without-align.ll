; expect: 3:15: Cannot allocate unsized type
define void @f() {
  %a = alloca %T
  ret void
}
%T = type { i32 }
