; RUN: -passes=jump-threading
; What memory holds is forwarded only when it covers the loaded bytes. In
; @narrower, the i8 at the address of a stored i64 constant is its low
; byte (little-endian): 258 reads back as 2, and the branch folds. In
; @wider, an i64 load over a stored i32 also reads four bytes the store did
; not write; in @memset_short, the memset covers three of the four bytes
; loaded; in @memset_unknown_byte, the byte is not a constant: none is
; forwarded. In @argmem_through_select, the call writes only its argument,
; but that is a select that may be @G: the stored 0 is not forwarded past
; it. opt-22 gives the same output (but for the order in which the preds
; comment of %yes in @narrower lists %l and %r).
; expect-remark: replaced %n by the value it loads, available earlier in %m
; expect-count: 0 %n = load
; expect-output: %w = load i64, ptr %p, align 8
; expect-output: %s = load i32, ptr %p, align 4
; expect-output: %u = load i32, ptr %p, align 4
; expect-output: %g = load i32, ptr @G, align 4

@G = global i32 0
@H = global i32 0

declare void @g()
declare void @use(i32)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare void @wr(ptr) memory(argmem: write) nounwind willreturn

define void @narrower(ptr %p, i1 %c) {
entry:
  br i1 %c, label %l, label %r

l:
  call void @g()
  br label %m

r:
  call void @g()
  call void @g()
  br label %m

m:
  store i64 258, ptr %p, align 8
  %n = load i8, ptr %p, align 8
  %t = icmp eq i8 %n, 2
  br i1 %t, label %yes, label %no

yes:
  call void @use(i32 1)
  ret void

no:
  call void @use(i32 2)
  ret void
}

define void @wider(ptr %p, i1 %c) {
entry:
  br i1 %c, label %l, label %r

l:
  call void @g()
  br label %m

r:
  call void @g()
  call void @g()
  br label %m

m:
  store i32 1, ptr %p, align 8
  %w = load i64, ptr %p, align 8
  %t = icmp eq i64 %w, 1
  br i1 %t, label %yes, label %no

yes:
  call void @use(i32 1)
  ret void

no:
  call void @use(i32 2)
  ret void
}

define void @memset_short(ptr %p, i1 %c) {
entry:
  br i1 %c, label %l, label %r

l:
  call void @g()
  br label %m

r:
  call void @g()
  call void @g()
  br label %m

m:
  call void @llvm.memset.p0.i64(ptr %p, i8 0, i64 3, i1 false)
  %s = load i32, ptr %p, align 4
  %t = icmp eq i32 %s, 0
  br i1 %t, label %yes, label %no

yes:
  call void @use(i32 1)
  ret void

no:
  call void @use(i32 2)
  ret void
}

define void @memset_unknown_byte(ptr %p, i8 %b, i1 %c) {
entry:
  br i1 %c, label %l, label %r

l:
  call void @g()
  br label %m

r:
  call void @g()
  call void @g()
  br label %m

m:
  call void @llvm.memset.p0.i64(ptr %p, i8 %b, i64 4, i1 false)
  %u = load i32, ptr %p, align 4
  %t = icmp eq i32 %u, 0
  br i1 %t, label %yes, label %no

yes:
  call void @use(i32 1)
  ret void

no:
  call void @use(i32 2)
  ret void
}

define void @argmem_through_select(i1 %c, i1 %d) {
entry:
  br i1 %c, label %l, label %r

l:
  call void @g()
  br label %m

r:
  call void @g()
  call void @g()
  br label %m

m:
  store i32 0, ptr @G, align 4
  %q = select i1 %d, ptr @G, ptr @H
  call void @wr(ptr %q)
  %g = load i32, ptr @G, align 4
  %t = icmp eq i32 %g, 0
  br i1 %t, label %yes, label %no

yes:
  call void @use(i32 1)
  ret void

no:
  call void @use(i32 2)
  ret void
}
