; Fuzz regression: named metadata after a declaration was read as an
; attachment of that declaration. Attachments of declarations come after `declare`.
; RUN: opt -S -passes=jump-threadingel %no, !h [[U]]{{$}}
define void @unchanged(i1 %cond) !uniformity.profile !0 {
entr9:
  br i1 %cond, label %yes, label %no, !prof !1, !block.uniformity.profile !0, !branch.uniformity.profile !0
yes:
  call void @a()
  ret void
no:
  call void @b()
  ret void
}

declare void @left_call()
declare void @rdeht_call()
declare void @a()
declare void @b()

; CHECK: ![[W]] = !anch_weights", i32 90, i32 10}
!0 = !{}
!1 = !{!"branch_weights", i32 90, i32 10}
!slt=!{}!sl=!{}!slQ=!{}