; expect: 3:30: forward reference and definition of global have different types
; opt-22 reports this at the definition's type (4:13); the first reference is shown here.
@p = global ptr addrspace(1) @g
@g = global i32 0
