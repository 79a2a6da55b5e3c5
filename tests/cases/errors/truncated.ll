; expect: 4:1: expected instruction opcode
define void @f() {
  %a = add i32 1, 2
