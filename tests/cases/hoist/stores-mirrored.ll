; RUN: -passes=hoist
; Mirrored arms. In @through_reads the store, the load after it and the
; store after that are equal in both arms and go up in order (the load sees
; the same memory in both). In @computed the store's address (a GEP, inbounds
; in one arm only) and value (a load) are computed in the arms: they go up
; first, the GEP without inbounds. In @reader_between the first store goes
; up; the read-only call reads %q before the second store in one arm and
; after it in the other, so neither the call nor that store may move.
; expect-count: 1 store i32 1, ptr %p
; expect-count: 1 store i32 2, ptr %r
; expect-output: %g = getelementptr i32, ptr %p, i64 1
; expect-count: 1 store i32 %v, ptr %g
; expect-count: 1 store i32 5, ptr %p
; expect-count: 2 store i32 6, ptr %q
; expect-count: 2 call i32 @rd(ptr %q)
target triple = "amdgcn-amd-amdhsa"

declare void @use(i32)
declare i32 @rd(ptr) nounwind willreturn memory(argmem: read)

define void @through_reads(i1 %c, ptr %p, ptr %q, ptr %r) {
entry:
  br i1 %c, label %then, label %else

then:
  store i32 1, ptr %p, align 4
  %x = load i32, ptr %q, align 4
  store i32 2, ptr %r, align 4
  call void @use(i32 %x)
  br label %end

else:
  store i32 1, ptr %p, align 4
  %y = load i32, ptr %q, align 4
  store i32 2, ptr %r, align 4
  call void @use(i32 %y)
  br label %end

end:
  ret void
}

define void @computed(i1 %c, ptr %p, ptr %q) {
entry:
  br i1 %c, label %then, label %else

then:
  %g = getelementptr inbounds i32, ptr %p, i64 1
  %v = load i32, ptr %q, align 4
  store i32 %v, ptr %g, align 4
  br label %end

else:
  %h = getelementptr i32, ptr %p, i64 1
  %w = load i32, ptr %q, align 4
  store i32 %w, ptr %h, align 4
  br label %end

end:
  ret void
}

define void @reader_between(i1 %c, ptr %p, ptr %q) {
entry:
  br i1 %c, label %then, label %else

then:
  store i32 5, ptr %p, align 4
  %x = call i32 @rd(ptr %q)
  store i32 6, ptr %q, align 4
  call void @use(i32 %x)
  br label %end

else:
  store i32 5, ptr %p, align 4
  store i32 6, ptr %q, align 4
  %y = call i32 @rd(ptr %q)
  call void @use(i32 %y)
  br label %end

end:
  ret void
}
