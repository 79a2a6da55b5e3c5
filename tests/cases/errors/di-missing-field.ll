; expect: 3:36: missing required field 'scope'
!n = !{!0}
!0 = !DILocation(line: 3, column: 7)
