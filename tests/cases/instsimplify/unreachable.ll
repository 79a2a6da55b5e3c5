; RUN: -passes=instsimplify
; Blocks not reachable from the entry are left alone, as LLVM leaves them
; (there an instruction may even use itself); the reachable block folds.
; opt-22 -passes=instsimplify gives the same output.
; expect-output: %u = add i32 %u, 0
; expect-output: ret i32 %x
; expect-remark: instsimplify: simplified 1 instruction, removed 1 dead instruction
define i32 @f(i32 %x) {
entry:
  %a = xor i32 %x, 0
  ret i32 %a
dead:
  %u = add i32 %u, 0
  br label %dead
}
