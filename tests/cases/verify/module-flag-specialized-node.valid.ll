; RULE: a module flag is a tuple of a behaviour, an id and a value
; expect: valid
!llvm.module.flags = !{!0, !1}
!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 2, !"Debug Info Version", i32 3}
