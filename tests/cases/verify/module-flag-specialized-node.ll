; RULE: a module flag is a tuple of a behaviour, an id and a value
; expect-error: incorrect number of operands in module flag
!llvm.module.flags = !{!0, !1}
!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !DIFile(filename: "a.c", directory: "/")
