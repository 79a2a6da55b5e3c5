; RUN: -passes=simplifycfg
; In a function with a convergent operation the fold keeps the cycles as
; they were. %header holds only a branch, so it could fold into %entry's,
; but %entry would then enter the loop at %body and %header would no
; longer be the loop's only entry: the cycle that decides which threads
; meet at @op changes. opt-22 folds it; this pass does not. In
; @latch_in_the_loop the folded block and its predecessor are in the same
; loop, not at its entry: the fold is made.
; expect-remark: not folding this branch into its predecessor's: in a function with convergent operations, that would change a cycle
; expect-remark: folded into the branch of %loop
; expect-output: br i1 %c, label %exit, label %body
; expect-output: %brmerge = select i1 %a, i1 true, i1 %c
target triple = "amdgcn-amd-amdhsa"

declare i32 @op(i32) convergent

define i32 @header_entered(i1 %a, i1 %c, i32 %x) {
entry:
  br i1 %a, label %exit, label %header

header:
  br i1 %c, label %exit, label %body

body:
  %v = call i32 @op(i32 %x)
  br label %header

exit:
  ret i32 0
}

define i32 @latch_in_the_loop(i1 %c, i32 %x) {
entry:
  br label %loop

loop:
  %v = call i32 @op(i32 %x)
  %a = icmp eq i32 %v, 0
  br i1 %a, label %exit, label %latch

latch:
  br i1 %c, label %exit, label %loop

exit:
  ret i32 %v
}
