; RUN: -passes=hoist
; Read-only calls merged into one in %entry keep only the call-site
; attributes and fast-math flags both had: `noundef range(i32 0, 5)` and
; `nonnull align 16` of the %a arm promised nothing on the %b path (a 7
; returned there would become poison, then undefined behavior), and
; `nnan ninf` of one sqrt would make a NaN on the other path poison.
; Attributes both have are intersected (`align` the smaller, `range` the
; range covering both). A call whose ABI attributes differ (`signext` on
; one side only) is not merged at all.
; expect-output: %v1 = call i32 @rd(ptr %p)
; expect-output: %v1 = call float @llvm.sqrt.f32(float %x)
; expect-output: %w1 = call noundef range(i32 0, 9) i32 @rd(ptr nonnull align 4 %p)
; expect-count: 0 nnan
; expect-remark: cannot hoist %s1 and %s2: calls differ in return attribute signext
; expect-output: %s1 = call signext i8 @rd8(ptr %p)
; expect-output: %s2 = call i8 @rd8(ptr %p)

declare i32 @rd(ptr) memory(read) nounwind willreturn
declare i8 @rd8(ptr) memory(read) nounwind willreturn
declare void @use(i32)
declare void @use8(i8)

define void @f(ptr %p, i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  %v1 = call noundef range(i32 0, 5) i32 @rd(ptr nonnull align 16 %p)
  call void @use(i32 %v1)
  ret void
b:
  %v2 = call i32 @rd(ptr %p)
  call void @use(i32 %v2)
  ret void
}

declare float @llvm.sqrt.f32(float)
declare void @usef(float)

define void @g(float %x, i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  %v1 = call nnan ninf float @llvm.sqrt.f32(float %x)
  call void @usef(float %v1)
  ret void
b:
  %v2 = call float @llvm.sqrt.f32(float %x)
  call void @usef(float %v2)
  ret void
}

define void @h(ptr %p, i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  %w1 = call noundef range(i32 0, 5) i32 @rd(ptr nonnull align 16 %p)
  call void @use(i32 %w1)
  ret void
b:
  %w2 = call noundef range(i32 2, 9) i32 @rd(ptr nonnull align 4 %p)
  call void @use(i32 %w2)
  ret void
}

define void @abi(ptr %p, i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  %s1 = call signext i8 @rd8(ptr %p)
  call void @use8(i8 %s1)
  ret void
b:
  %s2 = call i8 @rd8(ptr %p)
  call void @use8(i8 %s2)
  ret void
}
