; RUN: -passes=hoist
; Stores of equal values to one place merge only when they store the same
; type: an i16 and an i32 store of 0 to %p stay apart (they write different
; bytes). Of two equal stores in one arm, only the first has a partner in
; the other arm. Merged stores keep the smaller alignment (align 8 would be
; undefined behaviour on the path where %p is only 2-aligned), and
; !nontemporal, !invariant.group and !llvm.access.group only where both
; arms have them.
; expect-count: 1 store i16 0, ptr %p
; expect-count: 3 store i32 0, ptr %p
; expect-output: store i32 1, ptr %p, align 2
; expect-output: store i32 2, ptr %q, align 4, !nontemporal !0
; expect-output: store i32 3, ptr %p, align 4
; expect-output: store i32 4, ptr %q, align 4
; expect-count: 0 !invariant.group
; expect-count: 0 !llvm.access.group
target triple = "amdgcn-amd-amdhsa"

define void @widths(i1 %c, ptr %p) {
entry:
  br i1 %c, label %then, label %else

then:
  store i16 0, ptr %p, align 2
  br label %end

else:
  store i32 0, ptr %p, align 4
  br label %end

end:
  ret void
}

define void @same_width_other_store(i1 %c, ptr %p) {
entry:
  br i1 %c, label %then, label %else

then:
  store i32 0, ptr %p, align 4
  br label %end

else:
  store i32 0, ptr %p, align 4
  store i32 0, ptr %p, align 4
  br label %end

end:
  ret void
}

define void @metadata(i1 %c, ptr %p, ptr %q) {
entry:
  br i1 %c, label %then, label %else

then:
  store i32 1, ptr %p, align 8
  store i32 2, ptr %q, align 4, !nontemporal !0
  store i32 3, ptr %p, align 4, !invariant.group !1
  store i32 4, ptr %q, align 4, !llvm.access.group !2
  br label %end

else:
  store i32 1, ptr %p, align 2
  store i32 2, ptr %q, align 4, !nontemporal !0
  store i32 3, ptr %p, align 4
  store i32 4, ptr %q, align 4
  br label %end

end:
  ret void
}

!0 = !{i32 1}
!1 = !{}
!2 = distinct !{}
