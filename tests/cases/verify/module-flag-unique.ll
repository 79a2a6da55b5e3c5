; RULE: module flag identifiers are unique, except for 'require' flags
; expect-error: module flag identifiers must be unique (or of 'require' type)
; expect-error: invalid value for 'min' module flag (expected constant non-negative integer)
!llvm.module.flags = !{!0, !1, !2}
!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 8, !"PIC Level", i32 -1}
