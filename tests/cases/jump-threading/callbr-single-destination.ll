; RUN: -passes=jump-threading
; A callbr with a single destination still runs its assembly and defines
; %v: its block is not folded into the destination as if it ended in `br`
; (that deleted the callbr and left `ret` using a removed value).
; expect-unchanged
define i32 @f() {
entry:
  %v = callbr i32 asm sideeffect "nop", "=r"()
          to label %next []

next:                                             ; preds = %entry
  ret i32 %v
}
