; expect: 4:41: value for 'column' too large, limit is 65535
!n = !{!0}
!0 = !DIFile(filename: "a.c", directory: "/")
!1 = !DILexicalBlock(scope: !0, column: 70000)
