; RUN: -passes=hoist
; Stores with different scalar TBAA tags merge into the tag of the nearest
; type both descend from ("omnipotent char" for an int and a float); loads
; with disjoint !range lists keep their union, not its hull ([0,2) and
; [3,4) stay two ranges; [10,20) and [15,30) join).
; expect-output: store i32 0, ptr %p, align 4, !tbaa !0
; expect-output: !0 = !{!1, !1, i64 0}
; expect-output: !1 = !{!"omnipotent char", !2, i64 0}
; expect-output: %x1 = load i32, ptr %q, align 4, !range !3
; expect-output: !3 = !{i32 0, i32 2, i32 3, i32 4, i32 10, i32 30}
target triple = "amdgcn-amd-amdhsa"

declare void @use(i32)

define void @f(i1 %c, ptr %p, ptr %q) {
entry:
  br i1 %c, label %then, label %else

then:
  store i32 0, ptr %p, align 4, !tbaa !3
  %x1 = load i32, ptr %q, align 4, !range !7
  call void @use(i32 %x1)
  br label %end

else:
  store i32 0, ptr %p, align 4, !tbaa !5
  %x2 = load i32, ptr %q, align 4, !range !8
  call void @use(i32 %x2)
  br label %end

end:
  ret void
}

!0 = !{!"Simple C++ TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!2, !2, i64 0}
!4 = !{!"float", !1, i64 0}
!5 = !{!4, !4, i64 0}
!7 = !{i32 0, i32 2, i32 10, i32 20}
!8 = !{i32 3, i32 4, i32 15, i32 30}
