; expect: 3:19: this attribute does not apply to functions
; 'noundef' is a parameter or return attribute.
declare void @f() noundef
