; RUN: -passes=instsimplify
; Constants fold and identities give back an operand, through a chain in
; one sweep (%b sees %a already replaced by %x). The compare of constants
; folds, but the branch on it stays conditional: the CFG never changes.
; opt-22 -passes=instsimplify gives the same output.
; expect-remark: instsimplify: simplified 8 instructions, removed 8 dead instructions
; expect-output: br i1 true, label %then, label %else
; expect-output: ret i32 %x
; expect-output: ret i32 12
; expect-count: 0 %a =
define i32 @folds(i32 %x, ptr %p) {
entry:
  %a = add i32 %x, 0
  %b = mul i32 %a, 1
  %c = and i32 %b, -1
  %d = sub i32 %c, %c
  %e = or i32 %c, %d
  %k = add i32 5, 7
  %cmp = icmp slt i32 %k, 20
  %q = getelementptr i8, ptr %p, i64 0
  store i32 %e, ptr %q
  br i1 %cmp, label %then, label %else
then:
  ret i32 %e
else:
  ret i32 %k
}
