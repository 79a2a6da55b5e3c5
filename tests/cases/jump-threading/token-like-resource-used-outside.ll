; RUN: -passes=jump-threading
; A DirectX resource handle is restricted like a token: no phi may merge
; two of them. %m defines one that %e uses too, so %m is never copied to
; thread %entry -> %m -> %t (the copies would meet in %e, which would need a
; phi of handles: LLVM 22's verifier rejects that, as ours does; LLVM 22's
; jump threading makes that copy and then rejects its own output). In
; @local_handle the handle is used only in %m itself, and the edge is
; threaded.
; expect-count: 1 phi i1
; expect-remark: local_handle:m: jump-threading: threaded %entry -> %m to %t
target triple = "dxil-pc-shadermodel6.6-compute"

declare target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32, i32, i32, i32, ptr)
declare ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0), i32)

define void @used_outside(i1 %c, i32 %i) {
entry:
  br i1 %c, label %a, label %b
a:
  br label %m
b:
  br label %m
m:
  %p = phi i1 [ true, %a ], [ false, %b ]
  %h = call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr null)
  br i1 %p, label %t, label %e
t:
  %q = call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0) %h, i32 %i)
  store i32 1, ptr %q
  br label %e
e:
  %r = call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0) %h, i32 0)
  store i32 2, ptr %r
  ret void
}

define void @local_handle(i1 %c, i32 %i) {
entry:
  br i1 %c, label %a, label %b
a:
  br label %m
b:
  br label %m
m:
  %p = phi i1 [ true, %a ], [ false, %b ]
  %h = call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 0, i32 0, i32 1, i32 0, ptr null)
  %s = call ptr @llvm.dx.resource.getpointer.p0.tdx.RawBuffer_i32_1_0t(target("dx.RawBuffer", i32, 1, 0) %h, i32 %i)
  br i1 %p, label %t, label %e
t:
  store i32 1, ptr %s
  br label %e
e:
  ret void
}
