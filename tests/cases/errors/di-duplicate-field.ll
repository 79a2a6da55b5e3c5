; expect: 3:42: field 'name' cannot be specified more than once
!n = !{!0}
!0 = !DIBasicType(name: "int", size: 32, name: "int")
