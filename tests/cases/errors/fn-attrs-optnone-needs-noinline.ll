; expect: 3:13: Attribute 'optnone' requires 'noinline'!
; As LLVM's verifier: optnone without noinline is rejected.
define void @f() optnone {
  ret void
}
