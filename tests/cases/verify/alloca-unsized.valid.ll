; RULE: an alloca allocates a sized type
; expect: valid
define void @f() {
  %a = alloca %T, align 4
  ret void
}
%T = type { i32 }
