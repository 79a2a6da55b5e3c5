; expect: 4:13: unknown intrinsic 'llvm.foo.bar'
; A call to an undeclared llvm.* function no LLVM intrinsic could be.
define void @f() {
  call void @llvm.foo.bar(i32 1)
  ret void
}
