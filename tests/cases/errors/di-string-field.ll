; expect: 3:25: expected string constant
!n = !{!0}
!0 = !DIBasicType(name: !"int")
