; RULE: a DirectX resource handle is restricted like a token: only intrinsics take or return one, no phi merges two, and no indirect call returns or takes one
; expect-error: Function takes token but isn't an intrinsic
; expect-error: Function returns a token but isn't an intrinsic
; expect-error: PHI nodes cannot have token type!
; expect-error: Return type cannot be token for indirect call!
; expect-error: Function has token parameter but isn't an intrinsic
declare target("dx.RawBuffer", i32, 1, 0) @llvm.dx.test.handle(i32)
declare void @consume(target("dx.RawBuffer", i32, 1, 0))
declare target("dx.RawBuffer", i32, 1, 0) @produce()

define void @merge(i1 %c, ptr %fp) {
entry:
  %a = call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.test.handle(i32 0)
  br i1 %c, label %other, label %join
other:
  %b = call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.test.handle(i32 1)
  br label %join
join:
  %h = phi target("dx.RawBuffer", i32, 1, 0) [ %a, %entry ], [ %b, %other ]
  %i = call target("dx.RawBuffer", i32, 1, 0) %fp()
  call void %fp(target("dx.RawBuffer", i32, 1, 0) %a)
  ret void
}
