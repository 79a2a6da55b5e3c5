; RULE: only phis use their own value (in reachable code)
; expect-error: Only PHI nodes may reference their own value!
define i32 @f(i32 %n) {
entry:
  br label %loop

loop:
  %x = add i32 %x, 1
  br label %loop
}
