; RUN: -passes=hoist
; A load of a noalias argument after a store to another noalias argument in
; one arm reads what it would read before the store: it is one value with
; the load at the top of the other arm, and goes up past the store that
; stays. The loads of %p after a store through %q (which may be %p) stay:
; in @may_overlap the store is in one arm only, and hoisting the load above
; it would read the memory before the store.
; expect-remark: hoisted %x1 from %then into %entry, merged with %x2 from %else
; expect-output: %x1 = load i32, ptr %in, align 4
; expect-count: 2 = load i32, ptr %p, align 4
target triple = "amdgcn-amd-amdhsa"

declare void @use(i32)

define void @noalias_args(i1 %c, ptr noalias %in, ptr noalias %out) {
entry:
  br i1 %c, label %then, label %else

then:
  store i32 7, ptr %out, align 4
  %x1 = load i32, ptr %in, align 4
  call void @use(i32 %x1)
  br label %end

else:
  %x2 = load i32, ptr %in, align 4
  call void @use(i32 %x2)
  br label %end

end:
  ret void
}

define void @may_overlap(i1 %c, ptr %p, ptr %q) {
entry:
  br i1 %c, label %then, label %else

then:
  store i32 7, ptr %q, align 4
  %y1 = load i32, ptr %p, align 4
  call void @use(i32 %y1)
  br label %end

else:
  %y2 = load i32, ptr %p, align 4
  call void @use(i32 %y2)
  br label %end

end:
  ret void
}
