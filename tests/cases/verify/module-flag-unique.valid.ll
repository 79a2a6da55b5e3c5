; RULE: module flag identifiers are unique, except for 'require' flags
; expect: valid
!llvm.module.flags = !{!0, !1, !2, !3}
!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 3, !"needs-wchar", !4}
!2 = !{i32 3, !"needs-wchar", !4}
!3 = !{i32 8, !"PIC Level", i32 2}
!4 = !{!"wchar_size", i32 4}
