; expect: 5:6: expected debug record type here
; Only the record kinds LLVM knows are read.
define void @f(i32 %a) {
entry:
    #dbg_values(i32 %a, !0, !DIExpression(), !0)
  ret void
}

!0 = !{}
