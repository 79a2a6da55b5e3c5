; RULE: only phis use their own value (in reachable code)
; Unreachable code may use its own value, as LLVM's verifier allows.
; expect: valid
define i32 @f(i32 %n) {
entry:
  ret i32 %n

dead:
  %x = add i32 %x, 1
  br label %dead
}
