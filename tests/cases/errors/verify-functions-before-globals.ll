; expect: 6:3: Alloca has illegal target extension type
; As LLVM's verifier: every function's problems first, then the globals'.

@g = external global <vscale x 4 x i32>
define void @f() {
  %a = alloca target("amdgcn.named.barrier", 0)
  ret void
}
