; uselistorder directives are read and dropped (opt -S does not print
; them); extractelement constant expressions are kept.
@g = global i32 0

define i8 @f(i32 %x) {
entry:
  %a = add i32 %x, 1
  %b = add i32 %x, 2
  %c = add i32 %a, %b
  %e = add i8 extractelement (<4 x i8> bitcast (<1 x i32> <i32 65793> to <4 x i8>), i32 1), 0
  store i32 %c, ptr @g, align 4
  %d = load i32, ptr @g, align 4
  ret i8 %e
  uselistorder i32 %x, { 1, 0 }
}

define void @h() {
  store i32 1, ptr @g, align 4
  ret void
}

uselistorder ptr @g, { 2, 0, 1 }
