; RUN: -passes=hoist
; An equal store in both arms stays where it is when, in either arm,
; something before it may not return (a call without willreturn, also one
; that touches no memory, so that the two stores see equal memory), writes
; memory (memset, a call that writes its argument, lifetime.start), orders
; memory (a fence, an atomic or volatile load), or reads what it would
; overwrite (a load of the same place, in one arm only). Each function
; has the same store in both arms; none may go up.
; expect-count: 18 store i32 1, ptr %p, align 4
; expect-no-remark: hoisted the store

declare void @may_exit(i32)
declare void @spin() nounwind memory(none)
declare void @write(ptr) nounwind willreturn memory(argmem: write)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1 immarg)
declare void @llvm.lifetime.start.p0(ptr)
declare void @use(i32)

define void @may_not_return(i1 %c, ptr %p) {
entry:
  br i1 %c, label %then, label %else

then:
  call void @may_exit(i32 0)
  store i32 1, ptr %p, align 4
  br label %end

else:
  store i32 1, ptr %p, align 4
  br label %end

end:
  ret void
}

define void @may_not_return_no_memory(i1 %c, ptr %p) {
entry:
  br i1 %c, label %then, label %else

then:
  store i32 1, ptr %p, align 4
  br label %end

else:
  call void @spin()
  store i32 1, ptr %p, align 4
  br label %end

end:
  ret void
}

define void @after_memset(i1 %c, ptr %p, ptr %q) {
entry:
  br i1 %c, label %then, label %else

then:
  call void @llvm.memset.p0.i64(ptr %q, i8 0, i64 4, i1 false)
  store i32 1, ptr %p, align 4
  br label %end

else:
  call void @llvm.memset.p0.i64(ptr %q, i8 0, i64 4, i1 false)
  store i32 1, ptr %p, align 4
  br label %end

end:
  ret void
}

define void @after_writing_call(i1 %c, ptr %p, ptr %q) {
entry:
  br i1 %c, label %then, label %else

then:
  call void @write(ptr %q)
  store i32 1, ptr %p, align 4
  br label %end

else:
  call void @write(ptr %q)
  store i32 1, ptr %p, align 4
  br label %end

end:
  ret void
}

define void @after_lifetime_start(i1 %c) {
entry:
  %p = alloca i32, align 4
  br i1 %c, label %then, label %else

then:
  call void @llvm.lifetime.start.p0(ptr %p)
  store i32 1, ptr %p, align 4
  %x = load i32, ptr %p, align 4
  call void @use(i32 %x)
  br label %end

else:
  call void @llvm.lifetime.start.p0(ptr %p)
  store i32 1, ptr %p, align 4
  %y = load i32, ptr %p, align 4
  call void @use(i32 %y)
  br label %end

end:
  ret void
}

define void @after_fence(i1 %c, ptr %p) {
entry:
  br i1 %c, label %then, label %else

then:
  fence acquire
  store i32 1, ptr %p, align 4
  br label %end

else:
  fence acquire
  store i32 1, ptr %p, align 4
  br label %end

end:
  ret void
}

define void @after_atomic_load(i1 %c, ptr %p, ptr %q) {
entry:
  br i1 %c, label %then, label %else

then:
  %x = load atomic i32, ptr %q acquire, align 4
  store i32 1, ptr %p, align 4
  call void @use(i32 %x)
  br label %end

else:
  %y = load atomic i32, ptr %q acquire, align 4
  store i32 1, ptr %p, align 4
  call void @use(i32 %y)
  br label %end

end:
  ret void
}

define void @after_volatile_load(i1 %c, ptr %p, ptr %q) {
entry:
  br i1 %c, label %then, label %else

then:
  %x = load volatile i32, ptr %q, align 4
  store i32 1, ptr %p, align 4
  call void @use(i32 %x)
  br label %end

else:
  %y = load volatile i32, ptr %q, align 4
  store i32 1, ptr %p, align 4
  call void @use(i32 %y)
  br label %end

end:
  ret void
}

; The load of %p comes first in one arm only: the store would overwrite
; what it reads.
define void @after_load_in_one_arm(i1 %c, ptr %p) {
entry:
  br i1 %c, label %then, label %else

then:
  %x = load i32, ptr %p, align 4
  store i32 1, ptr %p, align 4
  call void @use(i32 %x)
  br label %end

else:
  store i32 1, ptr %p, align 4
  br label %end

end:
  ret void
}
