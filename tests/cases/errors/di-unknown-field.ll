; expect: 5:47: invalid field 'isition'
; Every field of a specialised debug-info node must be one LLVM knows for it.
!llvm.dbg.cu = !{!0}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1)
!1 = !DIFile(filename: "a.c", directory: "/", isition: 3)
