; RUN: -passes=sink
; Found in review: an `!invariant.load` load may sink into a block with
; several predecessors (as in LLVM), but the metadata promises its value
; only while the memory is dereferenceable. A path to the target that
; frees the memory (@free: not `nofree`) or ends the object's lifetime
; would leave the sunk load reading freed or dead memory, undefined
; behaviour the original did not have; LLVM 22 sinks both. Such loads
; stay; past a `nofree` call the load still sinks.
; expect-count: 1 %l = load i32, ptr %p, align 4, !invariant.load !0
; expect-output: %m = load i32, ptr %q, align 4, !invariant.load !0
declare ptr @malloc(i64)
declare void @free(ptr)
declare void @g() nofree

define i32 @freed(i1 %z) {
entry:
  %p = call ptr @malloc(i64 64)
  store i32 42, ptr %p
  %l = load i32, ptr %p, !invariant.load !0
  br i1 %z, label %a, label %j
a:
  call void @free(ptr %p)
  br label %j
j:
  ret i32 %l
}

define i32 @nofree_call(i1 %z, ptr %q) {
entry:
  %m = load i32, ptr %q, !invariant.load !0
  br i1 %z, label %a, label %j
a:
  call void @g()
  br label %j
j:
  ret i32 %m
}

define i32 @lifetime(i1 %z) {
entry:
  %x = alloca i32
  call void @llvm.lifetime.start.p0(ptr %x)
  store i32 42, ptr %x
  %l = load i32, ptr %x, !invariant.load !0
  br i1 %z, label %a, label %j
a:
  call void @llvm.lifetime.end.p0(ptr %x)
  br label %j
j:
  ret i32 %l
}
!0 = !{}
