; RUN: -passes=hoist
; Merged !range and !tbaa never claim more than either input did.
; !range: touching ranges join ([0,2) and [2,4) are [0,4), as in LLVM);
; negative bounds and i128 bounds keep their order (signed); ranges that
; wrap are dropped; the union of [-128,0) and [0,127) on i8 is one range.
; !tbaa: tags of types from different roots are dropped; a tag with the
; immutable flag keeps it only if both do (here the whole tag is dropped).
; A struct-path tag (access type int inside a struct) merged with the int
; tag is dropped too, which is safe (LLVM 22 keeps the int tag).
; expect-output: %a1 = load i32, ptr %p, align 4, !range !0
; expect-output: !0 = !{i32 0, i32 4}
; expect-output: %b1 = load i8, ptr %p, align 1, !range !1
; expect-output: !1 = !{i8 -10, i8 -5, i8 -3, i8 0}
; expect-output: %c1 = load i8, ptr %p, align 1
; expect-output: %d1 = load i128, ptr %p, align 4, !range !2
; expect-output: %e1 = load i8, ptr %p, align 1, !range !3
; expect-output: !3 = !{i8 -128, i8 127}
; expect-output: store i32 0, ptr %p, align 4
; expect-count: 0 i64 1}
target triple = "amdgcn-amd-amdhsa"

declare void @use(i32)
declare void @use8(i8)
declare void @use128(i128)

define void @ranges(i1 %c, ptr %p) {
entry:
  br i1 %c, label %then, label %else

then:
  %a1 = load i32, ptr %p, align 4, !range !0
  %b1 = load i8, ptr %p, align 1, !range !2
  %c1 = load i8, ptr %p, align 1, !range !4
  %d1 = load i128, ptr %p, align 4, !range !6
  %e1 = load i8, ptr %p, align 1, !range !8
  call void @use(i32 %a1)
  call void @use8(i8 %b1)
  call void @use8(i8 %c1)
  call void @use128(i128 %d1)
  call void @use8(i8 %e1)
  br label %end

else:
  %a2 = load i32, ptr %p, align 4, !range !1
  %b2 = load i8, ptr %p, align 1, !range !3
  %c2 = load i8, ptr %p, align 1, !range !5
  %d2 = load i128, ptr %p, align 4, !range !7
  %e2 = load i8, ptr %p, align 1, !range !9
  call void @use(i32 %a2)
  call void @use8(i8 %b2)
  call void @use8(i8 %c2)
  call void @use128(i128 %d2)
  call void @use8(i8 %e2)
  br label %end

end:
  ret void
}

define void @tbaa_roots(i1 %c, ptr %p) {
entry:
  br i1 %c, label %then, label %else

then:
  store i32 0, ptr %p, align 4, !tbaa !23
  br label %end

else:
  store i32 0, ptr %p, align 4, !tbaa !26
  br label %end

end:
  ret void
}

define void @tbaa_struct_path(i1 %c, ptr %p) {
entry:
  br i1 %c, label %then, label %else

then:
  store i32 1, ptr %p, align 4, !tbaa !28
  br label %end

else:
  store i32 1, ptr %p, align 4, !tbaa !23
  br label %end

end:
  ret void
}

define void @tbaa_immutable(i1 %c, ptr %p) {
entry:
  br i1 %c, label %then, label %else

then:
  %x = load i32, ptr %p, align 4, !tbaa !29
  call void @use(i32 %x)
  br label %end

else:
  %y = load i32, ptr %p, align 4, !tbaa !30
  call void @use(i32 %y)
  br label %end

end:
  ret void
}

!0 = !{i32 0, i32 2}
!1 = !{i32 2, i32 4}
!2 = !{i8 -10, i8 -5}
!3 = !{i8 -3, i8 0}
!4 = !{i8 100, i8 -100}
!5 = !{i8 0, i8 10}
!6 = !{i128 -170141183460469231731687303715884105728, i128 0}
!7 = !{i128 5, i128 170141183460469231731687303715884105727}
!8 = !{i8 -128, i8 0}
!9 = !{i8 0, i8 127}
!20 = !{!"Simple C++ TBAA"}
!21 = !{!"omnipotent char", !20, i64 0}
!22 = !{!"int", !21, i64 0}
!23 = !{!22, !22, i64 0}
!24 = !{!"Other TBAA"}
!25 = !{!"int", !24, i64 0}
!26 = !{!25, !25, i64 0}
!27 = !{!"S", !22, i64 0, !22, i64 4}
!28 = !{!27, !22, i64 4}
!29 = !{!22, !22, i64 0, i64 1}
!30 = !{!21, !21, i64 0}
