; RULE: a DirectX resource handle is restricted like a token: only intrinsics take or return one, no phi merges two, and no indirect call returns or takes one
; expect: valid
; Handles come from intrinsics and are chosen with a select; aggregates
; holding one are not restricted, and dx.Padding is no handle.
declare target("dx.RawBuffer", i32, 1, 0) @llvm.dx.test.handle(i32)
declare void @consume({ i32, target("dx.RawBuffer", i32, 1, 0) })
declare { i32, target("dx.RawBuffer", i32, 1, 0) } @produce()

define void @merge(i1 %c, ptr %fp, target("dx.Padding", 4) %pad) {
entry:
  %a = call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.test.handle(i32 0)
  %b = call target("dx.RawBuffer", i32, 1, 0) @llvm.dx.test.handle(i32 1)
  br i1 %c, label %other, label %join
other:
  br label %join
join:
  %p = phi target("dx.Padding", 4) [ %pad, %entry ], [ poison, %other ]
  %h = select i1 %c, target("dx.RawBuffer", i32, 1, 0) %a, target("dx.RawBuffer", i32, 1, 0) %b
  %s = call { i32, target("dx.RawBuffer", i32, 1, 0) } %fp()
  call void @consume({ i32, target("dx.RawBuffer", i32, 1, 0) } %s)
  ret void
}
