; expect: 3:21: this attribute does not apply to parameters
; 'noreturn' is a function attribute.
declare void @f(ptr noreturn)
