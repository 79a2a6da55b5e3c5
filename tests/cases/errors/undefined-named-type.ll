; expect: 4:17: use of undefined type named 'pair'
; A named type used must be defined somewhere in the module.
%outer = type { i32 }
%inner = type { %pair, i32 }
