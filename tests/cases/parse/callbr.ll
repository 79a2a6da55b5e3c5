; callbr with inline assembly and indirect destinations.
define i32 @callbr(i32 %x) {
entry:
  callbr void asm "", "r,!i"(i32 %x)
          to label %normal [label %indirect]

normal:
  ret i32 0

indirect:
  ret i32 1
}
