; RULE: !range is for loads, calls and invokes only (valid: it is on a load and a call)
; expect: valid
declare i32 @g()

define i32 @f(ptr %p) {
  %l = load i32, ptr %p, !range !0
  %c = call i32 @g(), !range !0
  %s = add i32 %l, %c
  ret i32 %s
}

!0 = !{i32 0, i32 10}
