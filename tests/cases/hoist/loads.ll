; RUN: -passes=hoist
; Loads of the same address at the top of both arms read the same memory
; and hoist as one; a load after a store in its arm does not.
; expect-remark: hoisted %x1 from %then into %entry, merged with %x2 from %else
; expect-output: %y1 = load i32, ptr %p, align 4
target triple = "amdgcn-amd-amdhsa"

declare void @use(i32)

define void @loads(i1 %c, ptr %p, ptr %q) {
entry:
  br i1 %c, label %then, label %else

then:
  %x1 = load i32, ptr %p, align 4
  store i32 0, ptr %q, align 4
  %y1 = load i32, ptr %p, align 4
  call void @use(i32 %x1)
  call void @use(i32 %y1)
  br label %end

else:
  %x2 = load i32, ptr %p, align 4
  %y2 = load i32, ptr %p, align 4
  call void @use(i32 %x2)
  call void @use(i32 %y2)
  br label %end

end:
  ret void
}
