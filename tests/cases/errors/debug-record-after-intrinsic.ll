; expect: 8:5: debug record should not appear in a module containing debug info intrinsics
; A module uses debug records or llvm.dbg.* calls, not both.
declare void @llvm.dbg.value(metadata, metadata, metadata)

define void @f(i32 %a) {
entry:
  call void @llvm.dbg.value(metadata i32 %a, metadata !0, metadata !DIExpression())
    #dbg_value(i32 %a, !0, !DIExpression(), !1)
  ret void
}

!0 = !{}
!1 = !{}
