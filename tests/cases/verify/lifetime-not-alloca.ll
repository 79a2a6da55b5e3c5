; RULE: a lifetime marker names an alloca (LLVM 22)
; expect-error: llvm.lifetime.start/end can only be used on alloca or poison
define void @f(i1 %c) {
  %a = alloca i32, align 4
  %b = alloca i32, align 4
  %p = select i1 %c, ptr %a, ptr %b
  call void @llvm.lifetime.start.p0(ptr %p)
  ret void
}

declare void @llvm.lifetime.start.p0(ptr)
