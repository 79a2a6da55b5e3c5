; expect: 3:49: expected 'true' or 'false'
!n = !{!0}
!0 = !DIGlobalVariable(name: "g", isDefinition: t)
