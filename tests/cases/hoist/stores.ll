; RUN: -passes=hoist
; Equal stores at the top of both arms go up as one, and so does what
; follows them once everything before it in its arm has: the second store,
; then the load of what it wrote (it sees equal memory in both arms).
; The last stores stay: one arm reads %q before its store and the other
; does not, so the store cannot pass that load.
; expect-count: 1 store i32 2, ptr %q
; expect-remark: hoisted the store from %then into %entry, merged with the store from %else
; expect-remark: hoisted %x1 from %then into %entry, merged with %x2 from %else
; expect-count: 2 store i32 3, ptr %q
; expect-count: 1 store i32 1, ptr %p
target triple = "amdgcn-amd-amdhsa"

declare void @use(i32)

define void @stores(i1 %c, ptr %p, ptr %q) {
entry:
  br i1 %c, label %then, label %else

then:
  store i32 1, ptr %p, align 4
  store i32 2, ptr %q, align 4
  %x1 = load i32, ptr %p, align 4
  %y1 = load i32, ptr %q, align 4
  store i32 3, ptr %q, align 4
  call void @use(i32 %x1)
  call void @use(i32 %y1)
  br label %end

else:
  store i32 1, ptr %p, align 4
  store i32 2, ptr %q, align 4
  %x2 = load i32, ptr %p, align 4
  store i32 3, ptr %q, align 4
  call void @use(i32 %x2)
  br label %end

end:
  ret void
}
