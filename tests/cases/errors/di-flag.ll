; expect: 3:54: invalid debug info flag 'DIFlagPublik'
!n = !{!0}
!0 = !DIBasicType(name: "int", flags: DIFlagPublic | DIFlagPublik)
