; expect: 3:33: invalid DWARF op 'DW_OP_plus_uconstant'
!n = !{!0}
!0 = !DIExpression(DW_OP_deref, DW_OP_plus_uconstant, 4)
