; expect: 3:3: expected instruction opcode
define void @f() {
  frobnicate i32 1
  ret void
}
