; RUN: -passes=hoist
; The same two stores in both arms, in the opposite order: neither may go
; up first without passing the other store of its arm, and %p and %q may
; be one address. Volatile stores, and stores after a call that may write
; memory, stay in their arms too.
; expect-unchanged
; expect-no-remark: hoisted
target triple = "amdgcn-amd-amdhsa"

declare void @write(ptr)

define void @swapped(i1 %c, ptr %p, ptr %q) {
entry:
  br i1 %c, label %then, label %else

then:
  store i32 1, ptr %p, align 4
  store i32 2, ptr %q, align 4
  br label %end

else:
  store i32 2, ptr %q, align 4
  store i32 1, ptr %p, align 4
  br label %end

end:
  ret void
}

define void @volatile(i1 %c, ptr %p) {
entry:
  br i1 %c, label %then, label %else

then:
  store volatile i32 1, ptr %p, align 4
  br label %end

else:
  store volatile i32 1, ptr %p, align 4
  br label %end

end:
  ret void
}

define void @after_call(i1 %c, ptr %p) {
entry:
  br i1 %c, label %then, label %else

then:
  call void @write(ptr %p)
  store i32 1, ptr %p, align 4
  br label %end

else:
  call void @write(ptr %p)
  store i32 1, ptr %p, align 4
  br label %end

end:
  ret void
}
