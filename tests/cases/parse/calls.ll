; Calls: attributes, calling conventions, tail markers, bundles, varargs,
; inline asm, metadata arguments and call-site attribute groups.
declare i32 @f(i32 noundef, ptr)
declare void @g(...)
declare void @h() #0
declare void @llvm.dbg.value(metadata, metadata, metadata)

define i32 @calls(i32 %x, ptr %p, ptr %fp) {
  %t = call token @llvm.experimental.convergence.anchor()
  %r = call noundef i32 @f(i32 noundef %x, ptr nonnull align 4 %p) #1 [ "convergencectrl"(token %t) ]
  %r2 = tail call fastcc i32 @f(i32 %r, ptr %p)
  notail call void (...) @g(i32 1, ptr %p)
  call void @h() convergent nounwind [ "convergencectrl"(token %t) ]
  call void %fp() [ "deopt"(i32 1, ptr %p), "convergencectrl"(token %t) ]
  %a = call i32 asm sideeffect "mov $0, $1", "=r,r"(i32 %x)
  call void @llvm.dbg.value(metadata i32 %x, metadata !0, metadata !DIExpression())
  ret i32 %r2
}

define i32 @forward(i32 %a, ptr %b) {
  %r = musttail call i32 @f(i32 %a, ptr %b)
  ret i32 %r
}

; A musttail call in a function with variable arguments forwards them.
define void @forward_varargs(ptr %p, ...) {
  musttail call void (ptr, ...) @gp(ptr %p, ...)
  ret void
}

declare void @gp(ptr, ...)

define void @forward_only_varargs(...) {
  musttail call void (...) @g(...)
  ret void
}

attributes #0 = { convergent nounwind "amdgpu-flat-work-group-size"="1,1" }
attributes #1 = { nounwind readnone }

!0 = !{!"x"}
