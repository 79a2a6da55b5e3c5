; expect: 4:6: missing 'distinct', required for !DISubprogram that is a Definition
; A subprogram is a definition unless it says otherwise (isDefinition or spFlags).
!n = !{!0}
!0 = !DISubprogram(name: "f", spFlags: DISPFlagDefinition)
