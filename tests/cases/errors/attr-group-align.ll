; expect: 4:25: expected '=' here
; Inside an attribute group an alignment is written 'align=N'.
declare void @f() #0
attributes #0 = { align 4 }
