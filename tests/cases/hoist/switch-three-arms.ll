; RUN: -passes=hoist
; A switch whose three successors are entered from it alone: what all
; three compute or store goes up as one (%s, the store); what only two of
; them have (%t) stays. Convergent calls merge across two arms only, where
; the oracle answers for the pair: in three arms they stay apart, even
; under a uniform switch.
; expect-remark: hoisted %s1 from %default into %entry, merged with %s2 from %one and %s3 from %two
; expect-count: 1 store i32 %s1, ptr %p
; expect-count: 2 = mul i32 %x, 3
; expect-count: 3 call i32 @llvm.amdgcn.readfirstlane.i32
target triple = "amdgcn-amd-amdhsa"

declare void @use(i32)
declare i32 @llvm.amdgcn.readfirstlane.i32(i32)

define amdgpu_kernel void @f(i32 %k, i32 %x, ptr %p) {
entry:
  switch i32 %k, label %default [
    i32 1, label %one
    i32 2, label %two
  ]

default:
  %s1 = add i32 %x, 1
  store i32 %s1, ptr %p, align 4
  %r1 = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %x)
  call void @use(i32 %r1)
  ret void

one:
  %s2 = add i32 1, %x
  store i32 %s2, ptr %p, align 4
  %t2 = mul i32 %x, 3
  %r2 = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %x)
  call void @use(i32 %r2)
  call void @use(i32 %t2)
  ret void

two:
  %s3 = add i32 %x, 1
  store i32 %s3, ptr %p, align 4
  %t3 = mul i32 %x, 3
  %r3 = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %x)
  call void @use(i32 %r3)
  call void @use(i32 %t3)
  ret void
}
