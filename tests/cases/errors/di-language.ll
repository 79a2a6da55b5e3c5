; expect: 4:40: expected DWARF language
; A compile unit's language is a DW_LANG_* name or a number.
!llvm.dbg.cu = !{!0}
!0 = distinct !DICompileUnit(language: SOME_LANGUAGE, file: !1)
!1 = !DIFile(filename: "a.c", directory: "/")
