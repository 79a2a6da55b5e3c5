; RULE: !range is for loads, calls and invokes only (LLVM 22's verifier)
; expect-error: Ranges are only for loads, calls and invokes!
define i32 @f(i32 %x) {
  %r = and i32 %x, 255, !range !0
  ret i32 %r
}

!0 = !{i32 0, i32 10}
