; expect: 4:1: global expected to be numbered '@3' or greater
; Numbered globals take increasing numbers (gaps allowed).
@2 = global i32 0
@1 = global i32 1
