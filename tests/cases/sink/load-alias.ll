; RUN: -passes=sink
; Loads sink past the stores below them in their block when the store
; cannot write what they read: distinct globals, distinct allocas, a
; noalias argument against another argument (LLVM's BasicAA rules), a
; volatile store to another object. A store that may write the loaded
; memory keeps the load above it, as does a call. opt-22 gives the same
; output but for @same_alloca_offset, where its offsets tell the two
; halves of one alloca apart and it sinks %l6; we compare objects only.
; expect-count: 8 load i32

@A = global i32 0
@B = global [4 x i32] zeroinitializer

define i32 @other_global(i1 %z) {
entry:
  %l1 = load i32, ptr @A, align 4
  store i32 0, ptr getelementptr inbounds ([4 x i32], ptr @B, i64 0, i64 1), align 4
  br i1 %z, label %t, label %f

t:
  ret i32 %l1

f:
  ret i32 0
}

define i32 @same_global(i1 %z) {
entry:
  %l2 = load i32, ptr @A, align 4
  store i32 0, ptr @A, align 4
  br i1 %z, label %t, label %f

t:
  ret i32 %l2

f:
  ret i32 0
}

define i32 @noalias_arg(i1 %z, ptr noalias %a, ptr %b) {
entry:
  %l3 = load i32, ptr %a, align 4
  store i32 0, ptr %b, align 4
  br i1 %z, label %t, label %f

t:
  ret i32 %l3

f:
  ret i32 0
}

define i32 @plain_args(i1 %z, ptr %a, ptr %b) {
entry:
  %l4 = load i32, ptr %a, align 4
  store i32 0, ptr %b, align 4
  br i1 %z, label %t, label %f

t:
  ret i32 %l4

f:
  ret i32 0
}

define i32 @alloca_and_arg(i1 %z, ptr %b) {
entry:
  %x = alloca i32, align 4
  store i32 7, ptr %x, align 4
  %l5 = load i32, ptr %x, align 4
  store i32 0, ptr %b, align 4
  br i1 %z, label %t, label %f

t:
  ret i32 %l5

f:
  ret i32 0
}

define i32 @same_alloca_offset(i1 %z) {
entry:
  %x = alloca [2 x i32], align 4
  %p = getelementptr inbounds i32, ptr %x, i64 1
  %l6 = load i32, ptr %x, align 4
  store i32 0, ptr %p, align 4
  br i1 %z, label %t, label %f

t:
  ret i32 %l6

f:
  ret i32 0
}

define i32 @volatile_store(i1 %z) {
entry:
  %l7 = load i32, ptr @A, align 4
  store volatile i32 0, ptr @B, align 4
  br i1 %z, label %t, label %f

t:
  ret i32 %l7

f:
  ret i32 0
}

declare void @g()

define i32 @call_below(i1 %z) {
entry:
  %l8 = load i32, ptr @A, align 4
  call void @g()
  br i1 %z, label %t, label %f

t:
  ret i32 %l8

f:
  ret i32 0
}
