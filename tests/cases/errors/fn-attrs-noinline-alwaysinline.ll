; expect: 4:13: Attributes 'noinline and alwaysinline' are incompatible!
; LLVM's verifier rejects a function that asks to be always and never
; inlined; so do we.
define void @f() noinline alwaysinline {
  ret void
}
