; expect: 4:6: expected metadata type
; Specialised metadata nodes LLVM does not know (the old MDLocation) are refused.
!named = !{!0}
!0 = !MDLocation(line: 1, scope: null)
